import { formatBRL } from '@balcao/br/money';
import { pixPriceCents } from '@/lib/orders/pricing';

/** "R$ 94,90 · R$ 90,16 no Pix" (just the price when the shop gives no Pix discount). */
export function ProductPrice({ priceCents, pixDiscountBps, className, pixClassName }: { priceCents: number; pixDiscountBps: number; className?: string; pixClassName?: string }) {
  const pix = pixPriceCents(priceCents, pixDiscountBps);
  return (
    <span className={className}>
      {formatBRL(priceCents)}
      {pix < priceCents ? (
        <span className={pixClassName}>
          {' · '}
          {formatBRL(pix)} no Pix
        </span>
      ) : null}
    </span>
  );
}
