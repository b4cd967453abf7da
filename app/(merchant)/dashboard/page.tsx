import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { ORDER_STATUSES } from '@/db/schema';
import { requireMerchant } from '@/lib/auth/session';
import { plural } from '@balcao/br/plural';
import { formatDateBR } from '@balcao/br/dates';
import { overviewStats } from '@/lib/orders/overview';
import { periodStats } from '@/lib/orders/period-stats';
import { formatChange, parsePeriod, PERIOD_LABELS, PERIODS, type Change } from '@/lib/orders/periods';
import { countToShip } from '@/lib/orders/orders-query';
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
import { OriginSalesCard } from './origin-sales-card';

export const metadata: Metadata = { title: 'Visão geral' };
export const dynamic = 'force-dynamic';

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** "▲ 12 %" with what it is compared with; the arrow is read as words. */
function ChangeLine({ value, against }: { value: Change | null; against: string }) {
  if (!value) return <p className={`small muted ${styles.change}`}>Sem dados para comparar com {against}.</p>;
  const words = value.direction === 'up' ? 'alta de' : value.direction === 'down' ? 'queda de' : 'igual a';
  return (
    <p className={`small ${styles.change} ${styles[`change_${value.direction}`]}`} data-testid="kpi-change">
      <span aria-hidden="true">{formatChange(value)}</span>
      <span className="visually-hidden">
        {words} {value.percent} %
      </span>{' '}
      <span className="muted">vs. {against}</span>
    </p>
  );
}

export default async function OverviewPage({ searchParams }: Props) {
  const { role } = await requireMerchant('/dashboard');
  const period = parsePeriod((await searchParams).periodo);
  const [stats, p, toShip, identity] = await Promise.all([overviewStats(), periodStats(period), countToShip(), getShopIdentity()]);
  const against = p.previous.days === 1 ? 'ontem' : `os ${plural(p.previous.days, 'dia anterior', 'dias anteriores')}`;
  const pending = stats.statusCounts.pending;

  return (
    <div className="stack">
      <div className={styles.header}>
        <h1>Visão geral</h1>
      </div>

      <nav aria-label="Período" className={styles.periods}>
        {PERIODS.map((k) => (
          <Link key={k} href={k === '7d' ? '/dashboard' : `/dashboard?periodo=${k}`} className={styles.periodChip} aria-current={k === period ? 'page' : undefined}>
            {PERIOD_LABELS[k]}
          </Link>
        ))}
      </nav>

      <section aria-label={`Números: ${PERIOD_LABELS[period]}`} className={styles.kpis}>
        <div className={`card ${styles.kpi} ${styles.kpiWide}`} data-testid="kpi-revenue">
          <h2 className={styles.kpiLabel}>Receita{period === 'hoje' ? ' de hoje' : period === 'mes' ? ' do mês' : ` em ${PERIOD_LABELS[period]}`}</h2>
          <p className={styles.kpiValue}>{formatBRL(p.current.netCents)}</p>
          <ChangeLine value={p.changes.netCents} against={against} />
          <p className="small muted">
            {formatDateBR(p.range.from)}
            {p.range.days > 1 ? ` a ${formatDateBR(p.range.to)}` : ''} · {formatBRL(p.current.paidCents)} pagos
            {p.current.refundedCents > 0 ? ` − ${formatBRL(p.current.refundedCents)} reembolsados` : ''}
          </p>
        </div>
        <p className={styles.todo}>
          <Link href="/dashboard/orders?view=a-enviar" className={styles.todoLink} data-testid="to-ship-count">
            A enviar: <strong>{toShip.toLocaleString('pt-BR')}</strong>
          </Link>
          <Link href="/dashboard/orders?status=pending" className={styles.todoLink} data-testid="pending-count">
            Aguardando pagamento: <strong>{pending.toLocaleString('pt-BR')}</strong>
          </Link>
        </p>
        <div className={`card ${styles.kpi}`} data-testid="kpi-paid">
          <h2 className={styles.kpiLabel}>Pedidos pagos</h2>
          <p className={styles.kpiValue}>{p.current.paidCount.toLocaleString('pt-BR')}</p>
          <ChangeLine value={p.changes.paidCount} against={against} />
        </div>
        <div className={`card ${styles.kpi}`} data-testid="kpi-ticket">
          <h2 className={styles.kpiLabel}>Ticket médio</h2>
          <p className={styles.kpiValue}>{p.current.ticketCents === null ? '—' : formatBRL(p.current.ticketCents)}</p>
          <ChangeLine value={p.changes.ticketCents} against={against} />
        </div>
        <div className={`card ${styles.kpi}`} data-testid="kpi-conversion">
          <h2 className={styles.kpiLabel}>Conversão</h2>
          <p className={styles.kpiValue}>{p.current.conversion === null ? '—' : percent.format(p.current.conversion)}</p>
          <ChangeLine value={p.changes.conversion} against={against} />
          <p className="small muted">
            {plural(p.current.createdPaid, 'pago', 'pagos')} de {plural(p.current.created, 'pedido criado', 'pedidos criados')}
          </p>
        </div>
        <RecoveredCard />
      </section>

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
        <RevenueChart days={p.daily} periodLabel={period === 'hoje' ? 'hoje' : period === 'mes' ? 'este mês' : PERIOD_LABELS[period]} />
      </section>

      <div className={styles.twoColumns}>
        <section className="card" aria-labelledby="top-title">
          <h2 id="top-title">Mais vendidos</h2>
          {p.topProducts.length === 0 ? (
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
                  {p.topProducts.map((t) => (
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

        <section className="card" aria-labelledby="mix-title">
          <h2 id="mix-title">Formas de pagamento</h2>
          <p className="small muted">Pedidos pagos no período.</p>
          <ul className={styles.statusList}>
            {p.paymentMix.map((m) => (
              <li key={m.method} className={styles.mixRow}>
                <span>{METHOD_LABELS[m.method]}</span>
                <span className={styles.count}>
                  {plural(m.count, 'pedido', 'pedidos')} · {formatBRL(m.cents)}
                  {p.current.paidCount > 0 ? ` · ${percent.format(m.count / p.current.paidCount)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>

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
          <p className="small muted">Total: {plural(stats.totalOrders, 'pedido', 'pedidos')}.</p>
        </section>

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

      <OriginSalesCard from={p.range.from} to={p.range.to} />
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
