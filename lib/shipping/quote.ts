/**
 * The shipping calculator (pure, integer centavos). The merchant's rules: a rate for the
 * destination's UF wins over its region's, which wins over the rate for all of Brazil; a UF
 * with none of the three is not delivered to (the shopper may still pick up at the shop, when
 * the shop offers it). Free shipping applies when the items' subtotal (catalog prices, before
 * the Pix discount) reaches the merchant's threshold. Pickup costs nothing.
 */
import type { UF } from '@balcao/br/uf';
import { regionOf, type Region } from './regions';

export type ShippingRules = {
  /** Rate for any UF without a rate of its own or of its region; null = only where a rate is set. */
  nationalCents: number | null;
  regionCents: Partial<Record<Region, number>>;
  ufCents: Partial<Record<UF, number>>;
  /** Items subtotal from which delivery is free; null = never free. */
  freeAboveCents: number | null;
  pickup: { enabled: boolean; address: string };
};

/** A new shop's rules: delivery free everywhere, no pickup (what it charged before it had rules). */
export const DEFAULT_SHIPPING_RULES: ShippingRules = { nationalCents: 0, regionCents: {}, ufCents: {}, freeAboveCents: null, pickup: { enabled: false, address: '' } };

export type ShippingChoice = { kind: 'delivery'; state: UF } | { kind: 'pickup' };

export type ShippingQuote =
  | { ok: true; kind: 'delivery'; cents: number; /** free because of the threshold */ freeByThreshold: boolean; basis: 'uf' | 'region' | 'national' }
  | { ok: true; kind: 'pickup'; cents: 0; address: string }
  | { ok: false; reason: 'no-delivery' | 'no-pickup'; message: string };

export const NO_DELIVERY_MESSAGE = 'A loja não entrega nesse estado. Escolha retirar na loja ou outro endereço.';
export const NO_DELIVERY_NO_PICKUP_MESSAGE = 'A loja não entrega nesse estado.';
export const NO_PICKUP_MESSAGE = 'A loja não oferece retirada.';

/** The delivery rate before the free-shipping threshold, or null when the UF is not served. */
export function baseRate(rules: ShippingRules, state: UF): { cents: number; basis: 'uf' | 'region' | 'national' } | null {
  const uf = rules.ufCents[state];
  if (uf !== undefined) return { cents: uf, basis: 'uf' };
  const region = rules.regionCents[regionOf(state)];
  if (region !== undefined) return { cents: region, basis: 'region' };
  if (rules.nationalCents !== null) return { cents: rules.nationalCents, basis: 'national' };
  return null;
}

export function quoteShipping(rules: ShippingRules, choice: ShippingChoice, itemsCents: number): ShippingQuote {
  if (!Number.isSafeInteger(itemsCents) || itemsCents < 0) throw new RangeError('itemsCents must be a non-negative integer of centavos');
  if (choice.kind === 'pickup') {
    if (!rules.pickup.enabled) return { ok: false, reason: 'no-pickup', message: NO_PICKUP_MESSAGE };
    return { ok: true, kind: 'pickup', cents: 0, address: rules.pickup.address };
  }
  const base = baseRate(rules, choice.state);
  if (!base) return { ok: false, reason: 'no-delivery', message: rules.pickup.enabled ? NO_DELIVERY_MESSAGE : NO_DELIVERY_NO_PICKUP_MESSAGE };
  const free = base.cents > 0 && rules.freeAboveCents !== null && itemsCents >= rules.freeAboveCents;
  return { ok: true, kind: 'delivery', cents: free ? 0 : base.cents, freeByThreshold: free, basis: base.basis };
}
