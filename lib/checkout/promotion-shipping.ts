/**
 * Free shipping on "Forma de entrega" (pure): a "Frete grátis" promotion whose region and
 * minimum the cart meets makes its options free (every one, or only the cheapest), and a
 * "Frete grátis" coupon makes the cheapest free. The same function prices the quote the page
 * shows and the order placeOrder writes, so the form's shown price is checked against it.
 */
import { ufOfCep } from '@balcao/br/cep-uf';
import { freeShippingFor, withFreeShipping, type FreeShippingVerdict, type PromoLine } from '@/lib/promotions/engine';
import type { LivePromotion } from '@/lib/promotions/rules';
import type { DeliveryOption } from '@/lib/shipping';

export type FreeShippingInput = { promotions: readonly LivePromotion[]; lines: readonly PromoLine[]; lineNetCents: readonly number[]; couponFreeShipping?: boolean };

/** The verdict for the cart at `zip` (null: no CEP yet). */
export function freeShippingVerdict(f: FreeShippingInput, zip: string | null): FreeShippingVerdict {
  return freeShippingFor(f.promotions, { lines: f.lines, lineNetCents: f.lineNetCents, zip, uf: zip ? (ufOfCep(zip) ?? null) : null });
}

/** The options with the free ones at R$ 0,00 (marked `freeByThreshold`, which the page shows as "Grátis"). */
export function applyFreeShipping(options: readonly DeliveryOption[], f: FreeShippingInput, zip: string): DeliveryOption[] {
  const v = freeShippingVerdict(f, zip);
  const scope = v.free ? v.options : f.couponFreeShipping ? 'cheapest' : null;
  if (!scope || options.length === 0) return [...options];
  const by = v.free ? { promotionId: v.promotionId, name: v.name } : { promotionId: null, name: 'Cupom frete grátis' };
  const original = new Map(options.map((o) => [o.id, o.cents]));
  return withFreeShipping(options, scope).map(({ freeByPromotion, ...o }) =>
    freeByPromotion && (original.get(o.id) ?? 0) > 0 ? { ...o, freeByThreshold: true, freeBy: { ...by, waivedCents: original.get(o.id) ?? 0 } } : o,
  );
}
