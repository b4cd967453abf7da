import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { orderLabel } from '@/lib/orders/format';
import { storefront } from '@/lib/shop/storefront';
import { orderViewByToken, type OrderView } from '@/lib/orders/queries';
import { OrderStatusPanel } from './order-status';
import { ReorderButton } from './reorder-button';
import { RefreshWhileWaiting } from './refresh-while-waiting';
import type { AttemptNotice } from './actions';
import styles from './order.module.css';
import { storeReturnUrlOfOrder } from '@/lib/checkout-sessions/sessions';
import { pixAttemptOffer } from '@/lib/payments/attempt-terms';
import { DigitalAccess } from './digital-access';
import { PixelOrder } from '../../_components/pixels';
import { PixPayment } from './pix-payment';
import { BoletoPayment } from './boleto-payment';
import { OrderSummary } from './order-summary';
import { PendingNotes } from './pending-notes';

export const metadata: Metadata = { title: 'Seu pedido', robots: { index: false, follow: false } };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<{ pix?: string | string[] }> };

/** Why "Pagar com Pix agora" or "Gerar novo Pix" did not go through (actions.ts). */
const ATTEMPT_NOTICES: Record<AttemptNotice, string> = {
  esgotado: 'Um dos produtos deste pedido está esgotado: não dá para gerar um novo Pix. Você pode escolher outros itens na loja.',
  indisponivel: 'Não é possível pagar este pedido com Pix agora.',
  falhou: 'Não foi possível gerar o Pix agora. Tente de novo em instantes.',
};

export default async function OrderPage({ params, searchParams }: Props) {
  const { token } = await params;
  const { pix: noticeKey } = await searchParams;
  const notice = typeof noticeKey === 'string' && noticeKey in ATTEMPT_NOTICES ? ATTEMPT_NOTICES[noticeKey as AttemptNotice] : null;
  const order = await orderViewByToken(token);
  if (!order) notFound();

  const initial = { status: order.status, paid_at: order.paidAt, refunded_cents: order.refundedCents, updated_at: order.updatedAt, fulfillment: order.fulfillment };
  const payment = order.payment;
  const pending = order.status === 'pending';
  const failed = pending && payment?.createState === 'failed';
  const waitingForArtifacts =
    pending && !failed && (!payment || (order.method === 'pix' ? !payment.pixCode : !payment.barcode));
  // An order placed from an API checkout session leads back to the store that sent the buyer.
  const storeUrl = await storeReturnUrlOfOrder(order.id);
  // "Pagar com Pix agora" and "Gerar novo Pix" only where the order's terms allow them (a session's methods and price, a link's state).
  const settings = pending || order.status === 'expired' ? (await storefront()).settings : null;
  const pixSwitch = settings && pending && order.method === 'boleto' ? await pixAttemptOffer(order, 'switch', settings) : null;
  const pixRenewal = settings && order.method === 'pix' ? (await pixAttemptOffer(order, 'renew', settings)) !== null : false;

  return (
    <main className="container">
      <PixelOrder orderId={order.id} />
      <div className={styles.head}>
        <p className="small muted">Pedido {orderLabel(order)}</p>
        <h1>{headline(order)}</h1>
      </div>
      <div className={styles.layout}>
        <div className={styles.primary}>
          {notice ? (
            <p className="alert alert-error" role="alert" data-testid="attempt-notice">
              {notice}
            </p>
          ) : null}
          <OrderStatusPanel
            token={order.token}
            initial={initial}
            method={order.method}
            totalCents={order.totalCents}
            linkCode={order.linkCode}
            shipping={order.delivery.method}
            pixRenewal={pixRenewal}
          />
          <DigitalAccess order={order} />
          {storeUrl ? (
            <p>
              <a className="btn btn-secondary" href={storeUrl}>
                Voltar para a loja
              </a>
            </p>
          ) : null}
          {failed ? (
            <div className="alert alert-error stack">
              <p>Não conseguimos gerar a cobrança deste pedido. Nada foi cobrado.</p>
              <ReorderButton token={order.token} linkCode={order.linkCode} primary />
            </div>
          ) : pending && order.method === 'pix' ? (
            <PixPayment order={order} />
          ) : pending && order.method === 'boleto' ? (
            <BoletoPayment order={order} pixSwitch={pixSwitch} />
          ) : null}
          {waitingForArtifacts ? <RefreshWhileWaiting /> : null}
          <PendingNotes order={order} failed={failed} />
        </div>
        <OrderSummary order={order} />
      </div>
    </main>
  );
}

function headline(order: OrderView): string {
  switch (order.status) {
    case 'pending':
      return order.method === 'pix' ? 'Falta só pagar o Pix' : 'Seu boleto';
    case 'paid':
      return 'Pedido pago';
    case 'refunded':
      return 'Pedido reembolsado';
    case 'expired':
      return 'Pedido expirado';
    case 'canceled':
      return 'Pedido cancelado';
  }
}
