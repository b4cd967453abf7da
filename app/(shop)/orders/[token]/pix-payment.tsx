import { formatDateBR } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import { qrSvg } from '@balcao/br/qr';
import { endOfSaoPauloDay } from '@/lib/orders';
import type { OrderView } from '@/lib/orders';
import { CopyField } from './copy-field';
import { Countdown } from './countdown';
import styles from './order.module.css';

/**
 * The QR code drawn from the Pix copia-e-cola code itself (the BR Code a bank app reads), as
 * inline SVG: it paints with the page's HTML in the first frame, so a phone shows it at once
 * and it is never a late-decoded image (Lighthouse's LCP).
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

/**
 * "Pague com Pix": the copia-e-cola code first (the buyer is usually paying from this very
 * phone: copy, then paste in the bank's app), the deadline, then the QR code for another
 * device, and the three steps.
 */
export function PixPayment({ order }: { order: OrderView }) {
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
      <p className="small muted">Pagando de outro aparelho? Aponte a câmera do app do banco para o QR Code.</p>
      <div className={styles.qrBox}>
        {payment?.pixCode ? (
          <PixQrCode code={payment.pixCode} label={`QR Code Pix para pagar ${amount}`} />
        ) : (
          <p className={styles.placeholder} role="status">
            Gerando o QR Code…
          </p>
        )}
      </div>
      <ol className={styles.steps}>
        <li>Abra o app do seu banco e escolha pagar com Pix.</li>
        <li>Cole o “Pix copia e cola” ou aponte a câmera para o QR Code.</li>
        <li>Confira o valor de {amount} e confirme. Pronto: esta página muda para “Pago”.</li>
      </ol>
    </section>
  );
}
