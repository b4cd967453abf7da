import Link from 'next/link';
import { plural } from '@balcao/br/plural';
import { formatDateBR } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import type { PeriodStats } from '@/lib/orders';
import { formatChange, PERIOD_LABELS, PERIODS, revenueTitle, type Change, type Period } from '@/lib/orders';
import { percent } from './overview-format';
import { RecoveredCard } from './recovered-card';
import { DiscountsCard } from './discounts-card';
import styles from './overview.module.css';

/** The period chips: "Hoje", "7 dias" (the default, /dashboard itself), "30 dias", "Este mês". */
export function PeriodNav({ period }: { period: Period }) {
  return (
    <nav aria-label="Período" className={styles.periods}>
      {PERIODS.map((k) => (
        <Link key={k} href={k === '7d' ? '/dashboard' : `/dashboard?periodo=${k}`} className={styles.periodChip} aria-current={k === period ? 'page' : undefined}>
          {PERIOD_LABELS[k]}
        </Link>
      ))}
    </nav>
  );
}

/** "▲ 12 %" with what it is compared with; the arrow is read as words. */
function ChangeLine({ value, against, first = false }: { value: Change | null; against: string; first?: boolean }) {
  // Said once, under the first card: four cards repeating it read as a fault.
  if (!value) return first ? <p className={`small muted ${styles.change}`}>Sem vendas para comparar com {against}.</p> : null;
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

/** The period's numbers (revenue, paid orders, average ticket, conversion), the work to do, and the recovered carts. */
export function OverviewKpis({ period, p, against, toShip, pending }: { period: Period; p: PeriodStats; against: string; toShip: number; pending: number }) {
  return (
    <section aria-label={`Números: ${PERIOD_LABELS[period]}`} className={styles.kpis}>
      <div className={`card ${styles.kpi} ${styles.kpiWide}`} data-testid="kpi-revenue">
        <h2 className={styles.kpiLabel}>{revenueTitle(period)}</h2>
        <p className={styles.kpiValue}>{formatBRL(p.current.netCents)}</p>
        <ChangeLine value={p.changes.netCents} against={against} first />
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
      <DiscountsCard range={p.range} />
    </section>
  );
}
