import Link from 'next/link';
import { addDays, startOfSaoPauloDay } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import { periodDiscounts } from '@/lib/promotions/admin';
import { acceptedOffers } from '@/lib/checkout';
import type { DayRange } from '@/lib/orders';
import styles from './overview.module.css';

/** The period's discounts on paid orders (the promotions' apart from the coupons'), and the offers at checkout accepted. */
export async function DiscountsCard({ range }: { range: DayRange }) {
  const from = startOfSaoPauloDay(range.from).toISOString();
  const to = startOfSaoPauloDay(addDays(range.to, 1)).toISOString();
  const [d, offers] = await Promise.all([periodDiscounts(from, to), acceptedOffers(from, to)]);
  return (
    <>
      <div className={`card ${styles.kpi}`} data-testid="discounts-card">
        <h2 className={styles.kpiLabel}>Descontos em promoções</h2>
        <p className={styles.kpiValue}>{formatBRL(d.promotionCents)}</p>
        <p className="small muted">
          {d.promotionOrders === 1 ? '1 pedido pago' : `${d.promotionOrders} pedidos pagos`} · Cupons: {formatBRL(d.couponCents)} · <Link href="/dashboard/promocoes">Promoções</Link>
        </p>
      </div>
      <div className={`card ${styles.kpi}`} data-testid="offers-card">
        <h2 className={styles.kpiLabel}>Ofertas aceitas</h2>
        <p className={styles.kpiValue}>{offers.count.toLocaleString('pt-BR')}</p>
        <p className="small muted">{formatBRL(offers.revenueCents)} em ofertas no checkout</p>
      </div>
    </>
  );
}
