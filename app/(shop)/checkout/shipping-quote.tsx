'use client';
/**
 * What the checkout knows of the shipping so far (the UF, delivery or pickup), shared by the form
 * and the order summary, and the quote it makes with the shop's rules, which the totals
 * (checkout-totals.tsx) add. The rules are the same pure calculator the server runs again on
 * submit (lib/shipping/quote.ts): what the page shows is what is charged.
 */
import { useSyncExternalStore } from 'react';
import type { UF } from '@balcao/br/uf';
import { cepUfMismatchMessage } from '@/lib/checkout/words';
import { quoteShipping, type ShippingQuote, type ShippingRules } from '@/lib/shipping/words';

/** `state`: the UF chosen; `cepUf`: the UF the typed CEP belongs to (@balcao/br/cep-uf), which prices the shipping, as on the server. */
export type QuoteInput = {
  shipping: 'delivery' | 'pickup';
  state: UF | null;
  cepUf: UF | null;
  /** The CEP's 8 digits once complete (the carrier's quote needs it). */
  zip?: string | null;
  /** The "Forma de entrega" chosen, when the shop quotes with Melhor Envio. */
  freight?: { cents: number; free: boolean } | null;
};

const INITIAL: QuoteInput = { shipping: 'delivery', state: null, cepUf: null, zip: null, freight: null };
let current: QuoteInput = INITIAL;
const listeners = new Set<() => void>();

export function setQuoteInput(next: Partial<QuoteInput>): void {
  const merged = { ...current, ...next };
  if (merged.shipping === current.shipping && merged.state === current.state && merged.cepUf === current.cepUf && merged.zip === current.zip && merged.freight === current.freight) return;
  current = merged;
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useQuoteInput(): QuoteInput {
  return useSyncExternalStore(subscribe, () => current, () => INITIAL);
}

/** `carrier`: the shop quotes with Melhor Envio — the price is the chosen "Forma de entrega"'s. */
export type Shipping = { rules: ShippingRules; itemsCents: number; carrier?: boolean };

/**
 * null while the UF is unknown (delivery) — "Informe o CEP". A complete CEP decides the UF (the
 * server prices from it and refuses another UF), so a UF chosen against it changes nothing here.
 */
export function quoteFor(s: Shipping, input: QuoteInput): ShippingQuote | null {
  if (input.shipping === 'pickup') return quoteShipping(s.rules, { kind: 'pickup' }, s.itemsCents);
  if (s.carrier) return input.freight ? { ok: true, kind: 'delivery', cents: input.freight.cents, freeByThreshold: input.freight.free, basis: 'uf' } : null;
  const uf = input.cepUf ?? input.state;
  if (!uf) return null;
  return quoteShipping(s.rules, { kind: 'delivery', state: uf }, s.itemsCents);
}

/** The words next to the UF when it disagrees with the CEP (the server says the same: lib/checkout/shipping.ts). */
export function cepUfMismatch(input: Pick<QuoteInput, 'state' | 'cepUf'>): string | null {
  return input.cepUf && input.state && input.cepUf !== input.state ? cepUfMismatchMessage(input.cepUf) : null;
}
