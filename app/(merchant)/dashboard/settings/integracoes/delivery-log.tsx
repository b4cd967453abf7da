/** An endpoint's "Registro de entregas": its latest deliveries, or "Nenhuma entrega ainda." */
import { formatDateTimeBR } from '@balcao/br/dates';
import type { AttemptView } from '@/lib/outbound-events/webhook-endpoints';

export function DeliveryLog({ log }: { log: AttemptView[] }) {
  if (log.length === 0) return <p className="small muted">Nenhuma entrega ainda.</p>;
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Registro de entregas">
      <table>
        <caption>Registro de entregas</caption>
        <thead>
          <tr>
            <th scope="col">Quando</th>
            <th scope="col">Evento</th>
            <th scope="col">Resposta</th>
            <th scope="col">Duração</th>
          </tr>
        </thead>
        <tbody>
          {log.map((a, i) => (
            <tr key={`${a.deliveryId}-${i}`}>
              <td>{formatDateTimeBR(a.at)}</td>
              <td className="mono">
                {a.type} <span className="small muted">{a.eventId}</span>
              </td>
              <td>{a.statusCode !== null ? `HTTP ${a.statusCode}` : (a.error ?? '—')}</td>
              <td>{a.durationMs} ms</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
