import { formatBRL } from '@balcao/br/money';
import type { PromotionDiscount } from '@/lib/promotions/engine';
import { nudgeText, type ShippingNudge } from '@/lib/checkout';

/**
 * The cart's automatic promotions, each its own line named as the merchant named it, then the
 * free-shipping nudge ("Faltam R$ 60,10 para frete grátis" / "Você ganhou frete grátis").
 * Server-rendered: no script needed.
 */
export function PromotionLines({ discounts, nudge, className }: { discounts: readonly Pick<PromotionDiscount, 'promotionId' | 'name' | 'amountCents'>[]; nudge: ShippingNudge | null; className?: string }) {
  if (discounts.length === 0 && !nudge) return null;
  return (
    <>
      {discounts.length > 0 ? (
        <ul className={className} aria-label="Promoções" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {discounts.map((d) => (
            <li key={d.promotionId} data-testid="promotion-line" style={{ display: 'flex', justifyContent: 'space-between', gap: 'var(--space-2, 0.5rem)' }}>
              <span>{d.name}</span>
              <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>−{formatBRL(d.amountCents)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {nudge ? (
        <p className={nudge.free ? 'alert alert-success' : 'alert alert-info'} role="status" data-testid="free-shipping-nudge">
          {nudgeText(nudge)}
        </p>
      ) : null}
    </>
  );
}
