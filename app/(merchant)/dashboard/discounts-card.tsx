import Link from 'next/link';
import { addDays, startOfSaoPauloDay } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import { periodDiscounts } from '@/lib/promotions/admin';
import type { DayRange } from '@/lib/orders/periods';
import styles from './overview.module.css';

/** The period's discounts on paid orders: the promotions' apart from the coupons'. */
export async function DiscountsCard({ range }: { range: DayRange }) {
  const d = await periodDiscounts(startOfSaoPauloDay(range.from).toISOString(), startOfSaoPauloDay(addDays(range.to, 1)).toISOString());
  return (
    <div className={`card ${styles.kpi}`} data-testid="discounts-card">
      <h2 className={styles.kpiLabel}>Descontos em promoções</h2>
      <p className={styles.kpiValue}>{formatBRL(d.promotionCents)}</p>
      <p className="small muted">
        {d.promotionOrders === 1 ? '1 pedido pago' : `${d.promotionOrders} pedidos pagos`} · Cupons: {formatBRL(d.couponCents)} · <Link href="/dashboard/promocoes">Promoções</Link>
      </p>
    </div>
  );
}
