/**
 * "Forma de entrega": the options a shopper chooses from for a CEP and a cart. With Melhor Envio
 * on, the carrier's quote (within QUOTE_TIMEOUT_MS, cached per CEP and cart for 10 minutes) gives
 * one option per service, with the merchant's fee or discount and handling days; the merchant's
 * free-shipping threshold makes the cheapest one free. A carrier that fails, is slow or serves
 * nothing falls back to the UF table quietly: one option, priced like before. The same function
 * prices the page and the order (placeOrder re-quotes on submit).
 */
import 'server-only';
import { ufOfCep } from '@balcao/br/cep-uf';
import { logger } from '@/lib/server/log';
import { processSingleton } from '@/lib/process/context';
import { carrierClient, connectionOf, quotesWithCarrier, QUOTE_TIMEOUT_MS, type Adjust, type CarrierSettings } from './carrier';
import type { CarrierOption, QuoteProduct } from './melhor-envio';
import { quoteShipping, type ShippingRules } from './quote';

export type DeliveryOption = {
  /** 'me-<service id>' for a carrier service, 'tabela' for the UF table. */
  id: string;
  serviceId: number | null;
  name: string;
  cents: number;
  freeByThreshold: boolean;
  /** Working days including the handling days; null for the UF table (no promise). */
  minDays: number | null;
  maxDays: number | null;
  /** Made free by a "Frete grátis" promotion (its id) or coupon (null): what it would have cost. */
  freeBy?: { promotionId: string | null; name: string; waivedCents: number };
};

export type DeliveryOptions = { ok: true; pricedBy: 'carrier' | 'table'; options: DeliveryOption[] } | { ok: false; message: string };

/** What a unit weighs and measures when the catalog does not say (the Correios' smallest box). */
export const DEFAULT_PARCEL = { weightGrams: 300, heightCm: 2, widthCm: 11, lengthCm: 16 } as const;

export type CartParcel = { id: string; quantity: number; unitCents: number; weightGrams: number | null; heightCm: number | null; widthCm: number | null; lengthCm: number | null };

export function quoteProducts(lines: readonly CartParcel[]): QuoteProduct[] {
  return lines.map((l) => ({
    id: l.id,
    quantity: l.quantity,
    unitCents: l.unitCents,
    weightGrams: l.weightGrams ?? DEFAULT_PARCEL.weightGrams,
    heightCm: l.heightCm ?? DEFAULT_PARCEL.heightCm,
    widthCm: l.widthCm ?? DEFAULT_PARCEL.widthCm,
    lengthCm: l.lengthCm ?? DEFAULT_PARCEL.lengthCm,
  }));
}

export function adjusted(cents: number, a: Adjust): number {
  const out = a.kind === 'percent' ? cents + Math.round((cents * a.value) / 10_000) : a.kind === 'cents' ? cents + a.value : cents;
  return Math.max(0, out);
}

/** The carrier's services as the shop offers them (pure): fee or discount, handling days, the threshold on the cheapest. */
export function carrierOptions(quoted: readonly CarrierOption[], s: Pick<CarrierSettings, 'services' | 'handlingDays' | 'adjust'>, rules: ShippingRules, itemsCents: number): DeliveryOption[] {
  const list = quoted
    .filter((q) => s.services.includes(q.serviceId))
    .map((q) => ({ id: `me-${q.serviceId}`, serviceId: q.serviceId, name: serviceName(q), cents: adjusted(q.cents, s.adjust), freeByThreshold: false, minDays: q.minDays + s.handlingDays, maxDays: q.maxDays + s.handlingDays }))
    .sort((a, b) => a.cents - b.cents || (a.maxDays ?? 0) - (b.maxDays ?? 0));
  if (list.length > 0 && list[0].cents > 0 && rules.freeAboveCents !== null && itemsCents >= rules.freeAboveCents) list[0] = { ...list[0], cents: 0, freeByThreshold: true };
  return list;
}

function tableOption(rules: ShippingRules, zip: string, itemsCents: number): DeliveryOptions {
  const uf = ufOfCep(zip);
  if (!uf) return { ok: false, message: 'CEP não encontrado.' };
  const q = quoteShipping(rules, { kind: 'delivery', state: uf }, itemsCents);
  if (!q.ok) return { ok: false, message: q.message };
  if (q.kind !== 'delivery') throw new Error('unreachable: a delivery quote');
  return { ok: true, pricedBy: 'table', options: [{ id: 'tabela', serviceId: null, name: 'Entrega', cents: q.cents, freeByThreshold: q.freeByThreshold, minDays: null, maxDays: null }] };
}

const CACHE_MS = 10 * 60_000;
const quoteCache = processSingleton('shipping.quote-cache', () => new Map<string, { at: number; options: CarrierOption[] }>());

/** Forget cached quotes (tests; a settings change). */
export function clearQuoteCache(): void {
  quoteCache().clear();
}

export async function deliveryOptions(o: { zip: string; lines: readonly CartParcel[]; itemsCents: number; rules: ShippingRules; carrier: CarrierSettings; now?: number }): Promise<DeliveryOptions> {
  const zip = o.zip.replace(/\D/g, '');
  if (zip.length !== 8) return { ok: false, message: 'Informe um CEP com 8 dígitos.' };
  const conn = connectionOf(o.carrier);
  if (!conn || !quotesWithCarrier(o.carrier)) return tableOption(o.rules, zip, o.itemsCents);
  const products = quoteProducts(o.lines);
  const key = JSON.stringify([zip, o.carrier.originZip, conn.baseUrl, o.carrier.services, products]);
  const now = o.now ?? Date.now();
  const cache = quoteCache();
  let quoted = cache.get(key);
  if (!quoted || now - quoted.at > CACHE_MS) {
    try {
      const options = await carrierClient(conn, QUOTE_TIMEOUT_MS).quote({ fromZip: o.carrier.originZip, toZip: zip, products, services: o.carrier.services });
      quoted = { at: now, options };
      if (cache.size > 5000) cache.clear();
      cache.set(key, quoted);
    } catch (error) {
      logger().warn({ err: String(error), module: 'shipping' }, 'carrier quote failed: the UF table prices it');
      return tableOption(o.rules, zip, o.itemsCents);
    }
  }
  const options = carrierOptions(quoted.options, o.carrier, o.rules, o.itemsCents);
  if (options.length === 0) return tableOption(o.rules, zip, o.itemsCents);
  return { ok: true, pricedBy: 'carrier', options };
}

/** "PAC — R$ 23,40 — 5 a 7 dias úteis" (the words the checkout and the product page show). */
export function optionDays(o: Pick<DeliveryOption, 'minDays' | 'maxDays'>): string | null {
  if (o.minDays === null || o.maxDays === null) return null;
  if (o.minDays === o.maxDays) return `${o.maxDays} ${o.maxDays === 1 ? 'dia útil' : 'dias úteis'}`;
  return `${o.minDays} a ${o.maxDays} dias úteis`;
}

export { addWorkingDays } from './working-days';

/**
 * A service as the buyer and the merchant read it: with its carrier ("Jadlog .Package", not
 * ".Package"), unless the name already says it ("Loggi Express") or is the Correios' own brand
 * that everyone knows (PAC, SEDEX).
 */
export function serviceName(q: Pick<CarrierOption, 'name' | 'company'>): string {
  const company = q.company.trim();
  if (!company || company === 'Correios' || q.name.toLowerCase().includes(company.toLowerCase())) return q.name;
  return `${company} ${q.name}`;
}
