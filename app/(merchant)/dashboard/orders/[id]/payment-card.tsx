import { formatDigitableLine } from '@balcao/br/boleto';
import { formatDateBR, formatDateTimeBR } from '@balcao/br/dates';
import { CopyButton } from '@/app/_components/copy-button';
import type { OrderPageView } from '@/lib/orders/admin';
import { METHOD_LABELS } from '@/lib/orders/words';
import { Row } from './detail-row';
import styles from './order.module.css';

/** Links from the provider are shown only when they are plain web addresses. */
function isWebUrl(url: string | null | undefined): url is string {
  return !!url && /^https?:\/\/[^\s]+$/i.test(url);
}

/** "Pagamento": the charge at the provider, its Pix code or boleto, and the buyer's page. */
export function PaymentCard({ view }: { view: OrderPageView }) {
  const { order, payment, masked } = view;
  return (
    <section className="card" aria-labelledby="payment-title">
      <h2 id="payment-title">Pagamento</h2>
      {payment ? (
        <>
          <dl className={styles.dl}>
            <Row label="Forma">{METHOD_LABELS[payment.method]}</Row>
            {payment.dueDate ? <Row label="Vencimento">{formatDateBR(payment.dueDate)}</Row> : null}
            {payment.payableUntil ? <Row label="Pode ser pago até">{formatDateBR(payment.payableUntil)}</Row> : null}
            <Row label="Pago em">{order.paidAt ? formatDateTimeBR(order.paidAt) : '—'}</Row>
            {payment.refundedAt ? <Row label="Reembolsado em">{formatDateTimeBR(payment.refundedAt)}</Row> : null}
            {payment.pixCode ? (
              <Row label="Pix copia e cola">
                <div className={styles.code}>
                  <code className={`mono ${styles.codeText}`} data-testid="pix-code">
                    {payment.pixCode}
                  </code>
                  <CopyButton value={payment.pixCode} className="btn btn-ghost" />
                </div>
              </Row>
            ) : null}
            {payment.pixImage?.startsWith('data:image/png;base64,') ? (
              <Row label="QR code">
                {/* eslint-disable-next-line @next/next/no-img-element -- a data: URI from the provider */}
                <img src={payment.pixImage} alt="QR code do Pix deste pedido" width={160} height={160} className={styles.qr} />
              </Row>
            ) : null}
            {payment.digitableLine ? (
              <Row label="Linha digitável">
                <div className={styles.code}>
                  <code className={`mono ${styles.codeText}`} data-testid="digitable-line">
                    {formatDigitableLine(payment.digitableLine)}
                  </code>
                  <CopyButton value={payment.digitableLine} className="btn btn-ghost" />
                </div>
              </Row>
            ) : null}
            {isWebUrl(payment.pdfUrl) || isWebUrl(payment.invoiceUrl) ? (
              <Row label="Boleto">
                <span className={styles.links}>
                  {/* The boleto's PDF names its payer whole: not for a role that sees buyers masked. */}
                  {isWebUrl(payment.pdfUrl) && !masked ? (
                    <a href={payment.pdfUrl} target="_blank" rel="noopener noreferrer">
                      Abrir o PDF do boleto
                    </a>
                  ) : null}
                  {isWebUrl(payment.invoiceUrl) ? (
                    <a href={payment.invoiceUrl} target="_blank" rel="noopener noreferrer">
                      Ver o boleto no provedor
                    </a>
                  ) : null}
                </span>
              </Row>
            ) : null}
            {masked ? null : (
              // The buyer's own page shows them whole: not for a role that sees them masked.
              <Row label="Página do comprador">
                <a href={`/orders/${order.token}`} target="_blank" rel="noopener noreferrer">
                  Abrir a página do pedido
                </a>
              </Row>
            )}
          </dl>
          {/* The provider's own id and status, for whoever investigates with the provider: collapsed. */}
          <details className={styles.raw}>
            <summary className="small">Detalhes técnicos</summary>
            <dl className={styles.dl}>
              <Row label="Id no provedor">
                <span className="mono">{payment.providerId ?? '—'}</span>
              </Row>
              <Row label="Status no provedor">
                <span className="mono">{payment.providerStatus ?? '—'}</span>
                {payment.lastCheckedAt ? <span className="small muted"> (lido em {formatDateTimeBR(payment.lastCheckedAt)})</span> : null}
              </Row>
            </dl>
          </details>
        </>
      ) : (
        <p className="muted">Sem cobrança registrada para este pedido.</p>
      )}
    </section>
  );
}
