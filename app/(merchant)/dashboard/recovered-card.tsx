import Link from 'next/link';
import { formatBRL } from '@balcao/br/money';
import { recoveredIn30Days } from '@/lib/checkout';
import { shopNow } from '@/lib/embedded-provider/clock';
import styles from './overview.module.css';

/** The overview's "Recuperados em 30 dias": paid orders from saved checkouts converted after a reminder, each once. */
export async function RecoveredCard() {
  const r = await recoveredIn30Days(shopNow());
  return (
    <div className={`card ${styles.kpi}`} data-testid="recovered-card">
      <h2 className={styles.kpiLabel}>Recuperados em 30 dias</h2>
      <p className={styles.kpiValue}>{formatBRL(r.revenueCents)}</p>
      <p className="small muted">
        {r.orders === 1 ? '1 pedido pago' : `${r.orders} pedidos pagos`} · <Link href="/dashboard/carrinhos-abandonados">Carrinhos abandonados</Link>
      </p>
    </div>
  );
}
