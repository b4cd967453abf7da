import Link from 'next/link';
import { addDays, startOfSaoPauloDay } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import { recurringRevenue } from '@/lib/subscriptions';
import styles from './overview.module.css';

/** The overview's "Receita recorrente mensal": active subscriptions as a month's revenue; new and canceled in the period, and the share canceled ("cancelamento", churn). */
export async function RecurringRevenueCard({ from, to }: { from: string; to: string }) {
  const r = await recurringRevenue(startOfSaoPauloDay(from).toISOString(), startOfSaoPauloDay(addDays(to, 1)).toISOString());
  const churn = (r.churnBps / 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  return (
    <div className={`card ${styles.kpi}`} data-testid="recurring-revenue-card">
      <h2 className={styles.kpiLabel}>Receita recorrente mensal</h2>
      <p className={styles.kpiValue}>{formatBRL(r.mrrCents)}</p>
      <p className="small muted">
        {r.active} {r.active === 1 ? 'ativa' : 'ativas'} · {r.created} {r.created === 1 ? 'nova' : 'novas'} · {r.canceled} {r.canceled === 1 ? 'cancelada' : 'canceladas'} · cancelamento {churn}% ·{' '}
        <Link href="/dashboard/assinaturas">Assinaturas</Link>
      </p>
    </div>
  );
}
