import { barcodeToDigitableLine, formatDigitableLine } from '@balcao/br/boleto';
import { formatDateBR } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import type { OrderView } from '@/lib/orders';
import { bpsToPercentText } from '@/lib/payment-settings/pix-discount';
import { boletoPdfHref } from '@/lib/demo/simulator-access';
import { BoletoBarcode } from './boleto-barcode';
import { CopyField } from './copy-field';
import { switchToPixAction } from './actions';
import styles from './order.module.css';

/** `pixSwitch`: "Pagar com Pix agora" and its discount, when the order's terms allow it (lib/payments/attempt-terms.ts). */
export function BoletoPayment({ order, pixSwitch }: { order: OrderView; pixSwitch: { pixDiscountBps: number } | null }) {
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

function DownloadIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 20h14" />
    </svg>
  );
}
