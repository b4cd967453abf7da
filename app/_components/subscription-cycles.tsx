import Link from 'next/link';
import { formatBRL } from '@balcao/br/money';
import { formatDateBR } from '@balcao/br/dates';
import type { CycleView } from '@/lib/subscriptions';

/** "Histórico": each cycle's date, state and order (with its link), newest first. */
export function CycleHistory({ cycles, orderHref }: { cycles: CycleView[]; orderHref?: (c: CycleView) => string | null }) {
  const hrefOf = orderHref ?? ((c: CycleView) => (c.orderToken ? `/orders/${c.orderToken}` : null));
  return (
    <section className="stack" aria-labelledby="historico">
      <h2 id="historico">Histórico</h2>
      {cycles.length === 0 ? (
        <p className="muted">Nenhuma cobrança ainda.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Cobranças da assinatura</caption>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Situação</th>
                <th scope="col">Pedido</th>
                <th scope="col">Valor</th>
              </tr>
            </thead>
            <tbody>
              {cycles.map((c) => {
                const href = hrefOf(c);
                return (
                  <tr key={c.cycle}>
                    <td>{formatDateBR(c.date)}</td>
                    <td>
                      {c.label}
                      {c.note && c.status !== 'paused' ? <span className="small muted"> · {c.note}</span> : null}
                    </td>
                    <td>{c.orderNumber && href ? <Link href={href}>#{c.orderNumber}</Link> : '—'}</td>
                    <td>{c.totalCents !== null ? formatBRL(c.totalCents) : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
