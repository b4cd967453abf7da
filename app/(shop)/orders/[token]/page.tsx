import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { orderLabel } from '@/lib/orders/words';
import { shopOrderPageView } from '@/lib/checkout';
import { OrderStatusPanel } from './order-status';
import { ReorderButton } from './reorder-button';
import { RefreshWhileWaiting } from './refresh-while-waiting';
import styles from './order.module.css';
import { DigitalAccess } from './digital-access';
import { InvoiceLink } from './invoice-link';
import { PixelOrder } from '../../_components/pixels';
import { PixPayment } from './pix-payment';
import { BoletoPayment } from './boleto-payment';
import { OrderSummary } from './order-summary';
import { PendingNotes } from './pending-notes';

export const metadata: Metadata = { title: 'Seu pedido', robots: { index: false, follow: false } };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<{ pix?: string | string[] }> };

export default async function OrderPage({ params, searchParams }: Props) {
  const { token } = await params;
  const { pix: noticeKey } = await searchParams;
  const view = await shopOrderPageView(token, noticeKey);
  if (!view) notFound();
  const { order, notice, block } = view;

  return (
    <main className="container">
      <PixelOrder orderId={order.id} />
      <div className={styles.head}>
        <p className="small muted">Pedido {orderLabel(order)}</p>
        <h1>{view.headline}</h1>
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
            initial={view.initial}
            method={order.method}
            totalCents={order.totalCents}
            linkCode={order.linkCode}
            shipping={order.delivery.method}
            pixRenewal={view.pixRenewal}
          />
          <DigitalAccess order={order} />
          <InvoiceLink order={order} />
          {view.storeUrl ? (
            <p>
              <a className="btn btn-secondary" href={view.storeUrl}>
                Voltar para a loja
              </a>
            </p>
          ) : null}
          {block === 'failed' ? (
            <div className="alert alert-error stack">
              <p>Não conseguimos gerar a cobrança deste pedido. Nada foi cobrado.</p>
              <ReorderButton token={order.token} linkCode={order.linkCode} primary />
            </div>
          ) : block === 'pix' ? (
            <PixPayment order={order} />
          ) : block === 'boleto' ? (
            <BoletoPayment order={order} pixSwitch={view.pixSwitch} />
          ) : null}
          {view.waitingForArtifacts ? <RefreshWhileWaiting /> : null}
          <PendingNotes order={order} failed={view.failed} stockHeldUntil={view.stockHeldUntil} />
        </div>
        <OrderSummary order={order} />
      </div>
    </main>
  );
}
