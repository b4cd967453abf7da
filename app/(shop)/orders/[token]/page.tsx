import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { barcodeToDigitableLine, formatDigitableLine } from '@balcao/br/boleto';
import { formatDateBR } from '@balcao/br/dates';
import { qrSvg } from '@balcao/br/qr';
import { env } from '@/lib/config/env';
import { RECIPIENT_CAP_REASON } from '@/lib/email/caps';
import { METHOD_LABELS } from '@/lib/orders/status-labels';
import { formatBRL } from '@balcao/br/money';
import { addressLines, shippingValue } from '@/lib/orders/delivery';
import { endOfSaoPauloDay } from '@/lib/orders/deadline';
import { orderLabel } from '@/lib/orders/format';
import { bpsToPercentText } from '@/lib/settings/pix-discount';
import { orderViewByToken, type OrderView } from '@/lib/orders/queries';
import { BoletoBarcode } from './boleto-barcode';
import { CopyField } from './copy-field';
import { Countdown } from './countdown';
import { OrderStatusPanel, ReorderButton } from './order-status';
import { RefreshWhileWaiting } from './refresh-while-waiting';
import { switchToPixAction, type AttemptNotice } from './actions';
import styles from './order.module.css';
import { storefront } from '@/lib/shop/storefront';
import { storeReturnUrlOfOrder } from '@/lib/checkout-sessions/sessions';
import { pixAttemptOffer } from '@/lib/payments/attempt-terms';
import { boletoPdfHref } from '@/lib/demo/simulator-access';
import { DigitalAccess } from './digital-access';
import { PixelOrder } from '../../_components/pixels';

/** The shop's pickup hours (Configurações → Loja), under the pickup address of an order to collect. */
async function PickupHours() {
  const { pickupHours } = (await storefront()).identity;
  return pickupHours ? <p className="small">Horário de retirada: {pickupHours}</p> : null;
}

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
      <PixelOrder orderId={order.id} paid={order.status === 'paid'} valueCents={order.totalCents} />
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
          {pending && order.instructionsEmail?.lastError === RECIPIENT_CAP_REASON ? (
            <p className="alert alert-warning" role="status" data-testid="email-not-sent">
              <strong>Não enviamos as instruções por e-mail.</strong> O endereço {order.buyerEmail} já recebeu o limite de e-mails de pedidos
              não pagos nas últimas 24 horas (um cuidado contra o envio de mensagens a quem não pediu). Guarde o link desta página para pagar
              depois.
            </p>
          ) : null}
          {waitingForArtifacts ? <RefreshWhileWaiting /> : null}
          {pending && !failed && onEmbeddedSandbox() ? (
            <p className="small muted">
              Loja de demonstração: nenhum dinheiro real circula. <Link href={`/sandbox/pedidos/${order.token}`}>Simular pagamento</Link>
            </p>
          ) : null}
          {pending ? (
            <noscript>
              <p className="small">
                A confirmação automática precisa de JavaScript. <a href={`/orders/${order.token}`}>Atualizar esta página</a> depois de pagar.
              </p>
            </noscript>
          ) : null}
        </div>
        <OrderSummary order={order} />
      </div>
    </main>
  );
}

/** The shop pays into its own embedded sandbox (a demo): the shopper may simulate paying their order. */
function onEmbeddedSandbox(): boolean {
  const e = env();
  return e.usingSandbox && e.sandboxEnabled;
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

/**
 * The QR code drawn from the Pix copia-e-cola code itself (the BR Code a bank app reads), as
 * inline SVG: it paints with the page's HTML in the first frame, so a phone shows it at once
 * and it is never a late-decoded image (Lighthouse's LCP, BENCHMARKS.md T5).
 */
function PixQrCode({ code, label }: { code: string; label: string }) {
  const { size, path } = qrSvg(code);
  return (
    <svg className={styles.qr} viewBox={`0 0 ${size} ${size}`} width={240} height={240} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="none" stroke="#000" strokeWidth={1} />
    </svg>
  );
}

function PixPayment({ order }: { order: OrderView }) {
  const payment = order.payment;
  const amount = formatBRL(order.totalCents);
  const lastDay = payment?.payableUntil ?? payment?.dueDate ?? null;
  const deadline = lastDay ? endOfSaoPauloDay(lastDay) : null;
  return (
    <section className={`card ${styles.payCard}`} aria-labelledby="pague-pix">
      <h2 id="pague-pix">Pague com Pix</h2>
      <p className={styles.amount}>
        <span className="muted small">Valor</span>
        <strong>{amount}</strong>
      </p>
      <div className={styles.qrBox}>
        {payment?.pixCode ? (
          <PixQrCode code={payment.pixCode} label={`QR Code Pix para pagar ${amount}`} />
        ) : (
          <p className={styles.placeholder} role="status">
            Gerando o QR Code…
          </p>
        )}
      </div>
      {payment?.pixCode ? (
        <CopyField label="Pix copia e cola" value={payment.pixCode} multiline />
      ) : (
        <div className={styles.copyPlaceholder} aria-hidden="true" />
      )}
      {lastDay ? (
        <p className={styles.deadline}>
          <span>
            Pague até <strong>{formatDateBR(lastDay)}</strong>
          </span>
          {deadline ? (
            <span className={styles.timer}>
              <Countdown deadline={deadline.toISOString()} />
            </span>
          ) : null}
        </p>
      ) : null}
      <ol className={styles.steps}>
        <li>Abra o app do seu banco e escolha pagar com Pix.</li>
        <li>Aponte a câmera para o QR Code ou use o “Pix copia e cola”.</li>
        <li>Confira o valor de {amount} e confirme. Pronto: esta página muda para “Pago”.</li>
      </ol>
    </section>
  );
}

/** `pixSwitch`: "Pagar com Pix agora" and its discount, when the order's terms allow it (lib/payments/attempt-terms.ts). */
function BoletoPayment({ order, pixSwitch }: { order: OrderView; pixSwitch: { pixDiscountBps: number } | null }) {
  const payment = order.payment;
  const line = payment?.digitableLine ?? (payment?.barcode ? safeLine(payment.barcode) : null);
  const registered = Boolean(payment?.barcode && line);
  const lateUntil = payment?.payableUntil && payment.dueDate && payment.payableUntil > payment.dueDate ? payment.payableUntil : null;
  return (
    <section className={`card ${styles.payCard}`} aria-labelledby="pague-boleto" aria-busy={!registered}>
      <h2 id="pague-boleto">Boleto bancário</h2>
      <dl className={styles.facts}>
        <div>
          <dt>Valor</dt>
          <dd>{formatBRL(order.totalCents)}</dd>
        </div>
        {payment?.dueDate ? (
          <div>
            <dt>Vencimento</dt>
            <dd>{formatDateBR(payment.dueDate)}</dd>
          </div>
        ) : null}
      </dl>
      {registered && payment?.barcode && line ? (
        <>
          <CopyField label="Linha digitável" value={formatDigitableLine(line)} multiline rows={2} breakAnywhere={false} />
          <BoletoBarcode barcode={payment.barcode} className={styles.barcode} />
          {payment.pdfUrl ? (
            <a href={boletoPdfHref(payment.pdfUrl, order.token)} className="btn btn-secondary btn-block" target="_blank" rel="noopener noreferrer">
              <DownloadIcon /> Baixar PDF
            </a>
          ) : null}
        </>
      ) : (
        <div className={styles.registering}>
          <p role="status" className={styles.registeringText}>
            <span className={styles.spinner} aria-hidden="true" /> Registrando o boleto…
          </p>
          <p className="small muted">Leva só alguns segundos. A linha digitável e o PDF aparecem aqui sozinhos.</p>
        </div>
      )}
      {registered && payment?.createState === 'created' && pixSwitch ? (
        <form action={switchToPixAction} className={styles.switchForm} id="pagar-com-pix">
          <input type="hidden" name="token" value={order.token} />
          <p className="small">Prefere não esperar o boleto compensar? O Pix confirma na hora
            {pixSwitch.pixDiscountBps > 0 ? `, com ${bpsToPercentText(pixSwitch.pixDiscountBps)}% de desconto` : ''}.</p>
          <button type="submit" className="btn btn-secondary btn-block">
            Pagar com Pix agora
          </button>
        </form>
      ) : null}
      <p className="small muted">
        Pague no app do banco, no internet banking ou em uma lotérica.
        {lateUntil ? ` Depois do vencimento, ainda dá para pagar até ${formatDateBR(lateUntil)}, com multa e juros.` : ''} O banco confirma o
        pagamento em até 3 dias úteis; esta página se atualiza sozinha.
      </p>
    </section>
  );
}

function safeLine(barcode: string): string | null {
  try {
    return barcodeToDigitableLine(barcode);
  } catch {
    return null;
  }
}

function OrderSummary({ order }: { order: OrderView }) {
  const { money } = order;
  return (
    <aside className={`card ${styles.summary}`} aria-labelledby="resumo">
      <h2 id="resumo">Resumo do pedido</h2>
      <ul className={styles.items}>
        {money.items.map((item, i) => (
          <li key={i}>
            <span>
              {item.quantity} × {item.name}
            </span>
            <span className={styles.num}>{formatBRL(item.lineTotalCents)}</span>
          </li>
        ))}
        {money.shipping ? (
          <li className={styles.shippingLine}>
            <span>Frete</span>
            <span className={styles.num} data-testid="pedido-frete">
              {shippingValue(money.shipping)}
            </span>
          </li>
        ) : null}
      </ul>
      {money.discounts.length > 0 ? (
        <ul className={styles.items}>
          <li>
            <span>Itens</span>
            <span className={styles.num}>{formatBRL(money.itemsCents)}</span>
          </li>
          {money.discounts.map((d) => (
            <li key={d.kind}>
              <span>{d.label}</span>
              <span className={styles.num}>−{formatBRL(d.cents)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className={styles.totalLine}>
        <span>Total</span>
        <strong>{formatBRL(money.totalCents)}</strong>
      </p>
      {order.delivery.address ? (
        <div className={styles.deliveryBox}>
          <h3 className={styles.deliveryTitle}>Entrega em</h3>
          <address className={styles.address} data-testid="pedido-endereco">
            {addressLines(order.delivery.address).map((l) => (
              <span key={l}>{l}</span>
            ))}
          </address>
          {order.delivery.service || order.delivery.arrival ? (
            <p className={styles.address} data-testid="pedido-prazo">
              {[order.delivery.service, order.delivery.arrival].filter(Boolean).join(' · ')}
            </p>
          ) : null}
        </div>
      ) : null}
      {order.delivery.pickupAddress ? (
        <div className={styles.deliveryBox}>
          <h3 className={styles.deliveryTitle}>Retirar na loja</h3>
          <p className={styles.address}>{order.delivery.pickupAddress}</p>
          <PickupHours />
        </div>
      ) : null}
      <dl className={styles.meta}>
        <div>
          <dt>Pagamento</dt>
          <dd>{METHOD_LABELS[order.method]}</dd>
        </div>
        <div>
          <dt>Comprador</dt>
          <dd>{order.buyerName}</dd>
        </div>
        <div>
          <dt>Feito em</dt>
          <dd>{formatDateBR(order.createdAt)}</dd>
        </div>
      </dl>
      {order.status === 'paid' || order.status === 'refunded' ? (
        <p>
          <Link href={`/orders/${order.token}/receipt`}>Recibo para imprimir</Link>
        </p>
      ) : null}
      <p className="small muted">Guarde o endereço desta página: é por ele que você acompanha o pedido.</p>
    </aside>
  );
}

function DownloadIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 20h14" />
    </svg>
  );
}
