/**
 * The Melhor Envio client (docs/shipping-contract.md): real HTTP with a short timeout, bearer
 * token, and tolerant reading of the answers — a service with an `error`, a price as "23.40" or
 * 23.4, a missing range: each entry is read alone and an unusable one is dropped, never guessed.
 */
import { z } from 'zod';

export type CarrierOption = { serviceId: number; name: string; company: string; cents: number; minDays: number; maxDays: number };

export type CarrierErrorKind = 'timeout' | 'unavailable' | 'unauthorized' | 'refused' | 'invalid';
export class CarrierError extends Error {
  constructor(
    readonly kind: CarrierErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

const money = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : Number(v.replace(',', '.'));
  if (!Number.isFinite(n) || n < 0) {
    ctx.addIssue({ code: 'custom', message: 'not a price' });
    return z.NEVER;
  }
  return Math.round(n * 100);
});
const days = z.coerce.number().int().nonnegative();
const range = z.object({ min: days, max: days });

const entrySchema = z.object({
  id: z.coerce.number().int(),
  name: z.string().min(1),
  price: money.optional(),
  custom_price: money.optional(),
  delivery_time: days.optional(),
  delivery_range: range.optional(),
  custom_delivery_time: days.optional(),
  custom_delivery_range: range.optional(),
  company: z.object({ name: z.string() }).partial().optional(),
  error: z.unknown().optional(),
});

/** The usable services of a shipment/calculate answer (anything else in the list is skipped). */
export function parseQuote(body: unknown): CarrierOption[] {
  if (!Array.isArray(body)) throw new CarrierError('invalid', 'A transportadora respondeu num formato inesperado.');
  const out: CarrierOption[] = [];
  for (const raw of body) {
    const r = entrySchema.safeParse(raw);
    if (!r.success) continue;
    const e = r.data;
    if (e.error) continue;
    const cents = e.custom_price ?? e.price;
    const rng = e.custom_delivery_range ?? e.delivery_range;
    const time = e.custom_delivery_time ?? e.delivery_time;
    const minDays = rng?.min ?? time;
    const maxDays = rng?.max ?? time;
    if (cents === undefined || minDays === undefined || maxDays === undefined) continue;
    out.push({ serviceId: e.id, name: e.name, company: e.company?.name ?? '', cents, minDays: Math.min(minDays, maxDays), maxDays: Math.max(minDays, maxDays) });
  }
  return out;
}

export type QuoteProduct = { id: string; widthCm: number; heightCm: number; lengthCm: number; weightGrams: number; unitCents: number; quantity: number };

export type LabelParty = { name: string; phone?: string; email?: string; document?: string; address: string; number: string; complement?: string; district: string; city: string; stateAbbr: string; postalCode: string };

export type Tracking = { status: string; tracking: string | null };

export type MelhorEnvio = {
  me(): Promise<{ name: string }>;
  quote(o: { fromZip: string; toZip: string; products: readonly QuoteProduct[]; services: readonly number[] }): Promise<CarrierOption[]>;
  addToCart(o: { serviceId: number; from: LabelParty; to: LabelParty; products: readonly QuoteProduct[]; insuranceCents: number; tag: string }): Promise<{ id: string; cents: number | null }>;
  checkout(labelId: string): Promise<void>;
  generate(labelId: string): Promise<void>;
  print(labelId: string): Promise<string>;
  tracking(labelIds: readonly string[]): Promise<Record<string, Tracking>>;
};

const reais = (cents: number) => Math.round(cents) / 100;

export function melhorEnvio(o: { baseUrl: string; token: string; userAgent: string; timeoutMs: number; fetch?: typeof fetch }): MelhorEnvio {
  const doFetch = o.fetch ?? fetch;
  const base = o.baseUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${o.token}`, Accept: 'application/json', 'Content-Type': 'application/json', 'User-Agent': o.userAgent },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(o.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const name = (error as { name?: string })?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new CarrierError('timeout', 'A transportadora não respondeu a tempo.');
      throw new CarrierError('unavailable', 'Não foi possível falar com a transportadora.');
    }
    const text = await res.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (res.status === 401 || res.status === 403) throw new CarrierError('unauthorized', 'Token recusado pelo Melhor Envio.');
    if (res.status >= 500) throw new CarrierError('unavailable', 'A transportadora está fora do ar. Tente de novo em instantes.');
    if (!res.ok) {
      const message = (parsed as { message?: unknown } | null)?.message;
      throw new CarrierError('refused', typeof message === 'string' && message ? message : 'A transportadora recusou o pedido.');
    }
    return parsed;
  }

  const productBody = (p: QuoteProduct) => ({ id: p.id, width: p.widthCm, height: p.heightCm, length: p.lengthCm, weight: p.weightGrams / 1000, insurance_value: reais(p.unitCents), quantity: p.quantity });
  const party = (p: LabelParty) => ({ name: p.name, phone: p.phone, email: p.email, document: p.document, address: p.address, number: p.number, complement: p.complement, district: p.district, city: p.city, state_abbr: p.stateAbbr, postal_code: p.postalCode, country_id: 'BR' });

  return {
    async me() {
      const r = z.object({ firstname: z.string().optional(), lastname: z.string().optional(), email: z.string().optional() }).safeParse(await call('GET', '/api/v2/me'));
      if (!r.success) throw new CarrierError('invalid', 'A transportadora respondeu num formato inesperado.');
      const name = [r.data.firstname, r.data.lastname].filter(Boolean).join(' ') || r.data.email || 'conta sem nome';
      return { name };
    },
    async quote(q) {
      const body = { from: { postal_code: q.fromZip }, to: { postal_code: q.toZip }, products: q.products.map(productBody), options: { receipt: false, own_hand: false }, services: q.services.join(',') };
      return parseQuote(await call('POST', '/api/v2/me/shipment/calculate', body));
    },
    async addToCart(c) {
      const weight = c.products.reduce((s, p) => s + p.weightGrams * p.quantity, 0) / 1000;
      const body = {
        service: c.serviceId,
        from: party(c.from),
        to: party(c.to),
        products: c.products.map((p) => ({ name: p.id, quantity: p.quantity, unitary_value: reais(p.unitCents) })),
        volumes: [{ width: Math.max(...c.products.map((p) => p.widthCm)), length: Math.max(...c.products.map((p) => p.lengthCm)), height: c.products.reduce((s, p) => s + p.heightCm * p.quantity, 0), weight }],
        options: { insurance_value: reais(c.insuranceCents), receipt: false, own_hand: false, non_commercial: true, tags: [{ tag: c.tag }] },
      };
      const r = z.object({ id: z.string().min(1), price: money.optional() }).safeParse(await call('POST', '/api/v2/me/cart', body));
      if (!r.success) throw new CarrierError('invalid', 'A transportadora respondeu num formato inesperado.');
      return { id: r.data.id, cents: r.data.price ?? null };
    },
    async checkout(id) {
      await call('POST', '/api/v2/me/shipment/checkout', { orders: [id] });
    },
    async generate(id) {
      const body = (await call('POST', '/api/v2/me/shipment/generate', { orders: [id] })) as Record<string, { status?: unknown; message?: unknown }> | null;
      const entry = body?.[id];
      if (entry && entry.status === false) throw new CarrierError('refused', typeof entry.message === 'string' ? entry.message : 'A etiqueta não foi gerada.');
    },
    async print(id) {
      const r = z.object({ url: z.string().url() }).safeParse(await call('POST', '/api/v2/me/shipment/print', { mode: 'public', orders: [id] }));
      if (!r.success) throw new CarrierError('invalid', 'A transportadora não devolveu o link da etiqueta.');
      return r.data.url;
    },
    async tracking(ids) {
      const body = await call('POST', '/api/v2/me/shipment/tracking', { orders: ids });
      const out: Record<string, Tracking> = {};
      const entry = z.object({ status: z.string(), tracking: z.string().nullish() });
      for (const [id, raw] of Object.entries((body ?? {}) as Record<string, unknown>)) {
        const r = entry.safeParse(raw);
        if (r.success) out[id] = { status: r.data.status, tracking: r.data.tracking ?? null };
      }
      return out;
    },
  };
}
