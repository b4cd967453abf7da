import { plural } from '@balcao/br/plural';
import type { SimulatorState } from '@balcao/payment-sandbox';
import { when } from './simulator-text';
import styles from './sandbox.module.css';

const DELIVERY_STATUS: Record<string, { label: string; badge: string }> = {
  pending: { label: 'Pendente', badge: 'badge-pending' },
  delivered: { label: 'Entregue', badge: 'badge-paid' },
  failed: { label: 'Falhou', badge: 'badge-canceled' },
  dropped: { label: 'Descartado (falha simulada)', badge: 'badge-expired' },
};
const OUTCOMES: Record<string, string> = { delivered: 'entregue', failed: 'falhou', dropped: 'descartado', duplicate: 'duplicado' };

/** "Webhooks": each delivery, its state and every attempt. */
export function WebhookLog({ deliveries }: { deliveries: SimulatorState['deliveries'] }) {
  return (
    <section className="card stack" id="webhooks" aria-labelledby="webhooks-titulo">
      <h2 id="webhooks-titulo">Webhooks</h2>
      {deliveries.length === 0 ? (
        <p className="muted">Nenhuma entrega ainda.</p>
      ) : (
        <ul className={styles.log}>
          {deliveries.map((d) => {
            const s = DELIVERY_STATUS[d.status] ?? { label: d.status, badge: 'badge-pending' };
            return (
              <li key={d.id} className={styles.logItem}>
                <div className="row">
                  <span className="mono small">{d.type}</span>
                  <span className={`badge ${s.badge}`}>{s.label}</span>
                  <span className="small muted">
                    {plural(d.attempts, 'tentativa', 'tentativas')}
                    {d.last_status_code !== null ? ` · HTTP ${d.last_status_code}` : ''}
                  </span>
                </div>
                <span className={`small mono ${styles.url}`}>{d.maskedUrl}</span>
                <span className="small muted">
                  evento {d.event_id} · cobrança {d.payment_id}
                  {d.next_attempt_at ? ` · próxima tentativa ${when(Date.parse(d.next_attempt_at))}` : ''}
                </span>
                {d.log.length > 0 && (
                  <ol className={styles.attempts}>
                    {d.log.map((a, i) => (
                      <li key={i}>
                        {when(Date.parse(a.at))}: {OUTCOMES[a.outcome] ?? a.outcome}
                        {a.status_code !== null ? ` (HTTP ${a.status_code})` : ''}
                        {a.error && a.status_code === null ? ` — ${a.error}` : ''}
                      </li>
                    ))}
                  </ol>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
