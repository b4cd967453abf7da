import Link from 'next/link';
import { formatDateTimeBR } from '@balcao/br/dates';
import { readBalance } from '@/lib/payments';
import { formatBRL } from '@balcao/br/money';
import styles from './overview.module.css';

/** The provider's balance; streamed in after the rest of the page, never breaks it. */
export async function BalanceCard() {
  const balance = await readBalance();
  return (
    <div className={`card ${styles.kpi}`} aria-live="polite">
      <h2 className={styles.kpiLabel}>Saldo a receber</h2>
      {balance.ok ? (
        <>
          <p className={styles.kpiValue} data-testid="balance">
            {formatBRL(balance.balanceCents)}
          </p>
          <p className="small muted">
            Atualizado em {formatDateTimeBR(balance.at)} · <Link href="/dashboard">Atualizar</Link>
          </p>
        </>
      ) : (
        <>
          <p className={`${styles.kpiValue} ${styles.kpiUnavailable}`}>Indisponível</p>
          <p className="small" role="alert">
            Não foi possível consultar o saldo agora. {balance.error}
          </p>
          {balance.last ? (
            <p className="small muted">
              Último saldo lido: {formatBRL(balance.last.balanceCents)} em {formatDateTimeBR(balance.last.at)}.
            </p>
          ) : null}
          <p className="small">
            <Link href="/dashboard">Tentar de novo</Link>
          </p>
        </>
      )}
    </div>
  );
}

export function BalanceCardLoading() {
  return (
    <div className={`card ${styles.kpi}`} aria-busy="true">
      <h2 className={styles.kpiLabel}>Saldo a receber</h2>
      <p className={`${styles.kpiValue} ${styles.kpiUnavailable}`}>Consultando…</p>
    </div>
  );
}
