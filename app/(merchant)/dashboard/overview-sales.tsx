import { plural } from '@balcao/br/plural';
import { formatBRL } from '@balcao/br/money';
import type { PeriodStats } from '@/lib/orders';
import { METHOD_LABELS } from '@/lib/orders/words';
import { percent } from './overview-format';
import components from './_components/components.module.css';
import styles from './overview.module.css';

/** "Mais vendidos": the period's best sellers by paid units. */
export function TopProductsCard({ topProducts }: { topProducts: PeriodStats['topProducts'] }) {
  return (
    <section className="card" aria-labelledby="top-title">
      <h2 id="top-title">Mais vendidos</h2>
      {topProducts.length === 0 ? (
        <p className="muted">Nenhuma venda paga no período.</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Mais vendidos">
          <table className={`table ${components.numbers}`} data-testid="top-products">
            <thead>
              <tr>
                <th scope="col">Produto</th>
                <th scope="col" className="num">
                  Unidades
                </th>
                <th scope="col" className="num">
                  Vendido
                </th>
              </tr>
            </thead>
            <tbody>
              {topProducts.map((t) => (
                <tr key={t.name}>
                  <th scope="row" className={components.rowHeader}>
                    {t.name}
                  </th>
                  <td className="num">{t.quantity.toLocaleString('pt-BR')}</td>
                  <td className="num">{formatBRL(t.cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** "Formas de pagamento": the period's paid orders by method, with their share. */
export function PaymentMixCard({ paymentMix, paidCount }: { paymentMix: PeriodStats['paymentMix']; paidCount: number }) {
  return (
    <section className="card" aria-labelledby="mix-title">
      <h2 id="mix-title">Formas de pagamento</h2>
      <p className="small muted">Pedidos pagos no período.</p>
      <ul className={styles.statusList}>
        {paymentMix.map((m) => (
          <li key={m.method} className={styles.mixRow}>
            <span>{METHOD_LABELS[m.method]}</span>
            <span className={styles.count}>
              {plural(m.count, 'pedido', 'pedidos')} · {formatBRL(m.cents)}
              {paidCount > 0 ? ` · ${percent.format(m.count / paidCount)}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
