import type { ShippingMethod } from '@/db/schema';
import { CopyButton } from '@/app/_components/copy-button';
import { FULFILMENT_LABELS, progressDone, progressSteps } from '@/lib/fulfilment/moves';
import type { StatusSnapshot } from './status-snapshot';
import styles from './order.module.css';

/** Pago → Enviado → Entregue (or Pronto para retirada → Retirado), the carrier and the code to follow. */
export function FulfilmentProgress({ fulfillment, shipping }: { fulfillment: NonNullable<StatusSnapshot['fulfillment']>; shipping: ShippingMethod }) {
  const steps = progressSteps(shipping);
  const done = progressDone(fulfillment.status);
  const url = fulfillment.tracking_url && /^https?:\/\/[^\s]+$/i.test(fulfillment.tracking_url) ? fulfillment.tracking_url : null;
  return (
    <section aria-labelledby="entrega-titulo" className={styles.fulfilment} data-testid="fulfilment">
      <h2 id="entrega-titulo" className={styles.fulfilmentTitle}>
        {shipping === 'pickup' ? 'Retirada' : 'Entrega'}: <span aria-live="polite">{fulfillment.status === 'unfulfilled' ? 'Em preparação' : FULFILMENT_LABELS[fulfillment.status]}</span>
      </h2>
      <ol className={styles.progress}>
        {steps.map((s, i) => (
          <li key={s.key} className={i < done ? styles.stepDone : styles.step} aria-current={i === done - 1 ? 'step' : undefined}>
            <span aria-hidden="true" className={styles.dot} />
            {s.label}
            <span className="visually-hidden">{i < done ? ' (concluído)' : ' (a seguir)'}</span>
          </li>
        ))}
      </ol>
      {fulfillment.tracking_code ? (
        <dl className={styles.tracking}>
          {fulfillment.carrier ? (
            <div>
              <dt>Transportadora</dt>
              <dd>{fulfillment.carrier}</dd>
            </div>
          ) : null}
          <div>
            <dt>Código de rastreio</dt>
            <dd className={styles.trackingCode}>
              <code data-testid="tracking-code">{fulfillment.tracking_code}</code>
              <CopyButton value={fulfillment.tracking_code} />
            </dd>
          </div>
        </dl>
      ) : null}
      {url ? (
        <a href={url} className="btn" target="_blank" rel="noopener noreferrer">
          Acompanhar entrega
        </a>
      ) : null}
    </section>
  );
}
