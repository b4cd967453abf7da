import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { ORDER_STATUSES } from '@/db/schema';
import { requireMerchant } from '@/lib/auth/session';
import { formatDateBR } from '@balcao/br/dates';
import { overviewStats } from '@/lib/dashboard/overview';
import { countToShip } from '@/lib/dashboard/orders-query';
import { formatBRL } from '@balcao/br/money';
import { METHOD_LABELS, statusBadgeClass, statusLabel } from '@/lib/orders/status-labels';
import { ActionForm } from './_components/action-form';
import { reconcileAllAction } from './actions';
import { BalanceCard, BalanceCardLoading } from './balance-card';
import { can } from '@/lib/auth/permissions';
import components from './_components/components.module.css';
import styles from './overview.module.css';
import { RevenueChart } from './revenue-chart';
import { ShopChecklist } from './shop-checklist';
import { RecoveredCard } from './recovered-card';
import { getShopIdentity } from '@/lib/shop/identity';

export const metadata: Metadata = { title: 'Visão geral' };
export const dynamic = 'force-dynamic';

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });

export default async function OverviewPage() {
  const { role } = await requireMerchant('/dashboard');
  const [stats, toShip, identity] = await Promise.all([overviewStats(), countToShip(), getShopIdentity()]);

  return (
    <div className="stack">
      <div className={styles.header}>
        <h1>Visão geral</h1>
        {can(role, 'orders:act') ? (
          <ActionForm
            action={reconcileAllAction}
            label="Reconciliar agora"
            pendingLabel="Conferindo com o provedor…"
            hint="Confere com o provedor o status de todas as cobranças em aberto."
          />
        ) : null}
      </div>

      <ShopChecklist identity={identity} />

      <section aria-label="Números principais" className={styles.kpis}>
        {can(role, 'balance:view') ? (
          <Suspense fallback={<BalanceCardLoading />}>
            <BalanceCard />
          </Suspense>
        ) : null}
        <div className={`card ${styles.kpi}`}>
          <h2 className={styles.kpiLabel}>Receita de hoje</h2>
          <p className={styles.kpiValue}>{formatBRL(stats.today.netCents)}</p>
          <p className="small muted">
            {stats.today.paidCount === 1 ? '1 pagamento' : `${stats.today.paidCount} pagamentos`}
            {stats.today.refundedCents > 0 ? ` · ${formatBRL(stats.today.refundedCents)} reembolsados` : ''}
          </p>
        </div>
        <div className={`card ${styles.kpi}`}>
          <h2 className={styles.kpiLabel}>Receita em 30 dias</h2>
          <p className={styles.kpiValue}>{formatBRL(stats.last30.netCents)}</p>
          <p className="small muted">
            {formatBRL(stats.last30.paidCents)} pagos − {formatBRL(stats.last30.refundedCents)} reembolsados
          </p>
        </div>
        <RecoveredCard />
      </section>

      <p className={toShip > 0 ? 'alert alert-info' : 'small muted'} data-testid="to-ship-count">
        <Link href="/dashboard/orders?view=a-enviar">
          A enviar: {toShip === 1 ? '1 pedido pago' : `${toShip.toLocaleString('pt-BR')} pedidos pagos`}
        </Link>{' '}
        {toShip > 0 ? 'esperando envio, o mais antigo primeiro.' : 'nada esperando envio.'}
      </p>

      {stats.latePayments > 0 ? (
        <p className="alert alert-warning">
          {stats.latePayments === 1
            ? '1 pedido foi pago depois de cancelado ou expirado nos últimos 30 dias.'
            : `${stats.latePayments} pedidos foram pagos depois de cancelados ou expirados nos últimos 30 dias.`}{' '}
          Confira nos <Link href="/dashboard/orders?status=paid">pedidos pagos</Link> (marcados como pagamento tardio).
        </p>
      ) : null}

      <section className="card" aria-labelledby="chart-title">
        <h2 id="chart-title">Receita por dia</h2>
        <p className="small muted">
          Últimos 30 dias ({formatDateBR(stats.last30.from)} a {formatDateBR(stats.last30.to)}), pagamentos menos reembolsos, em dias
          de Brasília.
        </p>
        <RevenueChart days={stats.daily} />
      </section>

      <div className={styles.twoColumns}>
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
          <p className="small muted">Total: {stats.totalOrders.toLocaleString('pt-BR')} pedidos.</p>
        </section>

        <section className="card" aria-labelledby="conversion-title">
          <h2 id="conversion-title">Conversão: Pix e boleto</h2>
          <p className="small muted">Pedidos criados nos últimos 30 dias que foram pagos.</p>
          <div className="table-wrap">
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
                {stats.conversion.map((c) => (
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
      </div>
    </div>
  );
}
