import Link from 'next/link';
import { ORDER_STATUSES } from '@/db/schema';
import { plural } from '@balcao/br/plural';
import type { OverviewStats } from '@/lib/orders';
import { METHOD_LABELS, statusBadgeClass, statusLabel } from '@/lib/orders/words';
import { percent } from './overview-format';
import components from './_components/components.module.css';
import styles from './overview.module.css';

/** "Pedidos por status": every status with its count, each a link to that filter of Pedidos. */
export function StatusCountsCard({ stats }: { stats: OverviewStats }) {
  return (
    <section className="card" aria-labelledby="status-title">
      <h2 id="status-title">Pedidos por status</h2>
      <ul className={styles.statusList}>
        {ORDER_STATUSES.map((s) => (
          <li key={s}>
            <Link href={`/dashboard/orders?status=${s}`} className={styles.statusLink}>
              <span>
                <span className={statusBadgeClass(s)}>{statusLabel(s)}</span>
                {s === 'refunded' && stats.partiallyRefunded > 0 ? (
                  <span className="small muted"> {stats.partiallyRefunded.toLocaleString('pt-BR')} parcialmente</span>
                ) : null}
              </span>
              <span className={styles.count}>{stats.statusCounts[s].toLocaleString('pt-BR')}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="small muted">Total: {plural(stats.totalOrders, 'pedido', 'pedidos')}.</p>
    </section>
  );
}

/** "Conversão: Pix e boleto": of the last 30 days' orders, how many of each method were paid. */
export function MethodConversionCard({ conversion }: { conversion: OverviewStats['conversion'] }) {
  return (
    <section className="card" aria-labelledby="conversion-title">
      <h2 id="conversion-title">Conversão: Pix e boleto</h2>
      <p className="small muted">Pedidos criados nos últimos 30 dias que foram pagos.</p>
      {/* Scrolls sideways on a narrow phone: a tab stop lets a keyboard scroll it too. */}
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Conversão: Pix e boleto">
        <table className={`table ${components.numbers}`}>
          <thead>
            <tr>
              <th scope="col">Forma</th>
              <th scope="col" className="num">
                Criados
              </th>
              <th scope="col" className="num">
                Pagos
              </th>
              <th scope="col" className="num">
                Conversão
              </th>
            </tr>
          </thead>
          <tbody>
            {conversion.map((c) => (
              <tr key={c.method}>
                <th scope="row" className={components.rowHeader}>
                  {METHOD_LABELS[c.method]}
                </th>
                <td className="num">{c.created.toLocaleString('pt-BR')}</td>
                <td className="num">{c.paid.toLocaleString('pt-BR')}</td>
                <td className="num">{c.rate === null ? '—' : percent.format(c.rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
