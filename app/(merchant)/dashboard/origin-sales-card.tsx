/**
 * "Vendas por origem": the overview's period's orders by source and campaign (lib/orders/origin-sales.ts),
 * each source a link to the orders list filtered on it.
 */
import Link from 'next/link';
import { formatDateBR } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import { salesByOriginOnDays } from '@/lib/orders';
import components from './_components/components.module.css';
import styles from './origin-sales.module.css';

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });

export async function OriginSalesCard({ from, to }: { from: string; to: string }) {
  const rows = await salesByOriginOnDays(from, to);
  return (
    <section className="card" aria-labelledby="origin-sales-title">
      <h2 id="origin-sales-title">Vendas por origem</h2>
      <p className="small muted">
        Pedidos criados de {formatDateBR(from)} a {formatDateBR(to)}, pela origem do comprador (o link de campanha ou o site de onde veio) e
        campanha. Receita: pedidos pagos, menos reembolsos.
      </p>
      {rows.length === 0 ? (
        <p className="small">Nenhum pedido no período.</p>
      ) : (
        <div className="table-wrap">
          <table className={`table ${components.numbers}`} data-testid="origin-sales">
            <thead>
              <tr>
                <th scope="col">Origem / campanha</th>
                <th scope="col" className="num">
                  Pedidos
                </th>
                <th scope="col" className="num">
                  Receita
                </th>
                <th scope="col" className="num">
                  Conversão
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.source}\u0000${r.campaign ?? ''}`}>
                  <th scope="row" className={components.rowHeader}>
                    <Link href={`/dashboard/orders?${new URLSearchParams({ origin: r.source })}`}>{r.source}</Link>
                    {r.campaign ? <span className={`small muted ${styles.under}`}>{r.campaign}</span> : null}
                  </th>
                  <td className="num">{r.created.toLocaleString('pt-BR')}</td>
                  <td className="num">{formatBRL(r.revenueCents)}</td>
                  <td className="num">
                    {r.rate === null ? '—' : percent.format(r.rate)}
                    <span className={`small muted ${styles.under}`}>
                      {r.paid === 1 ? '1 pago' : `${r.paid.toLocaleString('pt-BR')} pagos`}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
