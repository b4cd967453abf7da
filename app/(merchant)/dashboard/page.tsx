import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { requireMerchant } from '@/lib/auth';
import { formatDateBR } from '@balcao/br/dates';
import { overviewStats, periodStats, chartPeriodLabel, comparedWith, parsePeriod, countToShip } from '@/lib/orders';
import { ActionForm } from './_components/action-form';
import { reconcileAllAction } from './actions';
import { BalanceCard, BalanceCardLoading } from './balance-card';
import { can } from '@/lib/auth/permissions';
import styles from './overview.module.css';
import { RevenueChart } from './revenue-chart';
import { ShopChecklist } from './shop-checklist';
import { getShopIdentity } from '@/lib/shop';
import { OriginSalesCard } from './origin-sales-card';
import { RecurringRevenueCard } from './recurring-revenue-card';
import { OverviewKpis, PeriodNav } from './overview-kpis';
import { PaymentMixCard, TopProductsCard } from './overview-sales';
import { MethodConversionCard, StatusCountsCard } from './overview-orders';

export const metadata: Metadata = { title: 'Visão geral' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OverviewPage({ searchParams }: Props) {
  const { role } = await requireMerchant('/dashboard');
  const period = parsePeriod((await searchParams).periodo);
  const [stats, p, toShip, identity] = await Promise.all([overviewStats(), periodStats(period), countToShip(), getShopIdentity()]);
  const against = comparedWith(p.previous.days);
  const pending = stats.statusCounts.pending;

  return (
    <div className="stack">
      <div className={styles.header}>
        <h1>Visão geral</h1>
      </div>

      <PeriodNav period={period} />

      <OverviewKpis period={period} p={p} against={against} toShip={toShip} pending={pending} />

      {can(role, 'balance:view') ? (
        <Suspense fallback={<BalanceCardLoading />}>
          <BalanceCard />
        </Suspense>
      ) : null}

      <ShopChecklist identity={identity} />

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
          {formatDateBR(p.range.from)} a {formatDateBR(p.range.to)}, pagamentos menos reembolsos, em dias de Brasília.
        </p>
        <RevenueChart days={p.daily} periodLabel={chartPeriodLabel(period)} />
      </section>

      <div className={styles.twoColumns}>
        <TopProductsCard topProducts={p.topProducts} />
        <PaymentMixCard paymentMix={p.paymentMix} paidCount={p.current.paidCount} />
      </div>

      <div className={styles.twoColumns}>
        <StatusCountsCard stats={stats} />
        <MethodConversionCard conversion={stats.conversion} />
      </div>

      <OriginSalesCard from={p.range.from} to={p.range.to} />
      <RecurringRevenueCard from={p.range.from} to={p.range.to} />
      {can(role, 'orders:act') ? (
        // Payments arrive on their own (webhooks, then the scheduled check): a quiet link, not the page's first button.
        <div className={styles.reconcile}>
          <ActionForm
            action={reconcileAllAction}
            label="Reconciliar agora"
            pendingLabel="Conferindo com o provedor…"
            className={styles.quietAction}
            hint="Um pagamento ainda não apareceu? Confere com o provedor o status de todas as cobranças em aberto."
          />
        </div>
      ) : null}
    </div>
  );
}
