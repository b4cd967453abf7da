import type { OrderPageView } from '@/lib/orders/admin';
import { ActionForm } from '../../_components/action-form';
import { readyForPickupAction } from '../../fulfilment-actions';
import { buyLabelAction } from '../../label-actions';
import styles from './next-step.module.css';

/**
 * A paid order's first screen on a phone: "Para embalar" (each line with its photo, variant and
 * quantity) and the one next action. The other cards follow for everything else.
 */
export function NextStepCard({ view, canAct }: { view: OrderPageView; canAct: boolean }) {
  const step = view.nextStep;
  if (!step) return null;
  const orderId = view.order.id;
  return (
    <section className="card stack" aria-labelledby="next-step-title" data-testid="next-step">
      <h2 id="next-step-title">Para embalar</h2>
      <ul className={styles.lines}>
        {step.lines.map((l, n) => (
          <li key={n} className={styles.line}>
            {l.photo ? (
              // eslint-disable-next-line @next/next/no-img-element -- the product's own stored WebP at its stored width
              <img src={l.photo.url} alt="" width={56} height={56} className={styles.photo} loading="eager" />
            ) : (
              <span className={styles.photo} aria-hidden="true" />
            )}
            <span className={styles.what}>
              <strong>{l.name}</strong>
              {l.variant ? <span className="small"> {l.variant}</span> : null}
              {l.sku ? <span className="small muted mono"> · {l.sku}</span> : null}
            </span>
            <span className={styles.qty} aria-label={`${l.quantity} unidade${l.quantity === 1 ? '' : 's'}`}>
              {l.quantity}×
            </span>
          </li>
        ))}
      </ul>
      {!canAct ? null : step.action === 'buy_label' ? (
        <ActionForm
          action={buyLabelAction}
          fields={{ orderId }}
          label="Comprar etiqueta"
          pendingLabel="Comprando…"
          className="btn btn-primary"
          hint={`${step.serviceName ?? 'Frete escolhido pelo comprador'}: paga a etiqueta com o saldo do Melhor Envio e marca como enviado, com o código de rastreio.`}
        />
      ) : step.action === 'ready_for_pickup' ? (
        <ActionForm action={readyForPickupAction} fields={{ orderId }} label="Pronto para retirada" pendingLabel="Salvando…" className="btn btn-primary" hint="Avisa o comprador por e-mail, com o endereço de retirada." />
      ) : (
        <p>
          <a className="btn btn-primary" href="#ship-title">
            Marcar como enviado
          </a>
        </p>
      )}
    </section>
  );
}
