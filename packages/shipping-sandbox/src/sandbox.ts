/**
 * The carrier sandbox: the Melhor Envio endpoints Balcão uses (docs/shipping-contract.md) and a
 * control API for demos and tests. Its labels, balance and code serial live in SQLite
 * (label-store.ts; in memory without a `storeFile`), one row written per change, so a restart
 * keeps the labels a shop already bought and the store's cost does not grow with its size.
 * Anything anyone can send is capped: labels kept (`MAX_LABELS`, carts never paid are dropped
 * after a day), the length of every address field, the parcels of one request. Tracking reads
 * `now`, the clock the app gives it. Faults on demand, by the destination CEP's last three
 * digits: 999 → 503, 998 → an answer slower than the app waits (slowMs), 997 → only the
 * Correios serve it. Token "me_sandbox_recusado" → 401.
 */
import { ufOfCep } from '@balcao/br/cep-uf';
import { labelPdf } from './label-pdf';
import { quote, SERVICES, type Parcel } from './pricing';
import { s10Code } from './s10';
import { LabelStore, type StoredLabel } from './label-store';

export type TrackingStatus = 'pending' | 'released' | 'posted' | 'in_transit' | 'delivered';

type Label = StoredLabel;

/** Labels kept at most; a cart beyond it is refused (429) until old unpaid carts go. */
export const MAX_LABELS = 5_000;
/** An address field (name, street, district, city…) at most this long; parcels per request at most. */
export const MAX_FIELD_CHARS = 256;
export const MAX_PARCELS = 100;
/** Label ids in one checkout, generate, print or tracking request. */
export const MAX_IDS = 50;
const UNPAID_CART_MS = 86_400_000;

export type CarrierSandbox = {
  labels: LabelStore;
  /** Sandbox time, ms. */
  now: () => number;
  slowMs: number;
  /** The account's balance (centavos): a checkout beyond it is refused. Kept in the store. */
  balanceCents: number;
  /** The next code serial. Kept in the store. */
  serial: number;
  sleep: (ms: number) => Promise<void>;
  /** Quotes answered (tests read it to see the app's cache). */
  quotes: number;
};

export function createCarrierSandbox(
  o: { now?: () => number; slowMs?: number; balanceCents?: number; sleep?: (ms: number) => Promise<void>; storeFile?: string | null } = {},
): CarrierSandbox {
  const store = new LabelStore(o.storeFile ?? null);
  if (store.meta('balance_cents') === undefined) store.setMeta('balance_cents', o.balanceCents ?? 100_000_00);
  if (store.meta('serial') === undefined) store.setMeta('serial', 10_000_000 + Math.floor(Math.random() * 80_000_000));
  return {
    labels: store,
    now: o.now ?? Date.now,
    slowMs: o.slowMs ?? 5000,
    get balanceCents() {
      return store.meta('balance_cents') ?? 0;
    },
    set balanceCents(v: number) {
      store.setMeta('balance_cents', v);
    },
    get serial() {
      return store.meta('serial') ?? 10_000_000;
    },
    set serial(v: number) {
      store.setMeta('serial', v);
    },
    sleep: o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
    quotes: 0,
  };
}

/** A field too long for the sandbox to keep, or null: every address field and the parcels. */
function oversized(body: Record<string, unknown>): string | null {
  for (const side of ['from', 'to'] as const) {
    const o = body[side];
    if (o === undefined || o === null) continue;
    if (typeof o !== 'object') return side;
    for (const [k, v] of Object.entries(o as Record<string, unknown>)) {
      if (typeof v === 'string' ? v.length > MAX_FIELD_CHARS : typeof v === 'object' && v !== null) return `${side}.${k}`;
    }
  }
  for (const list of ['products', 'volumes'] as const) if (Array.isArray(body[list]) && (body[list] as unknown[]).length > MAX_PARCELS) return list;
  if (Array.isArray(body.orders) && body.orders.length > MAX_IDS) return 'orders';
  return null;
}

export type CarrierRequest = { method: string; path: readonly string[]; authorization: string | null; body: unknown; baseUrl: string };
export type CarrierReply = { status: number; json?: unknown; bytes?: Uint8Array; contentType?: string };

const json = (status: number, body: unknown): CarrierReply => ({ status, json: body });
const DAY = 86_400_000;

function num(v: unknown, fallback = 0): number {
  const n = typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) ? n : fallback;
}

function parcelsOf(body: Record<string, unknown>): Parcel[] {
  const list = Array.isArray(body.products) ? body.products : Array.isArray(body.volumes) ? body.volumes : [];
  return list.map((p: Record<string, unknown>) => ({
    widthCm: num(p.width, 11),
    heightCm: num(p.height, 2),
    lengthCm: num(p.length, 16),
    weightKg: num(p.weight, 0.3),
    quantity: Math.max(1, Math.floor(num(p.quantity, 1))),
    insuranceReais: num(p.insurance_value),
  }));
}

function cepOf(v: unknown): string {
  const o = (v ?? {}) as Record<string, unknown>;
  return String(o.postal_code ?? '').replace(/\D/g, '');
}

/** The tracking status now: generated → posted; a day later in transit; after the delivery range → delivered. */
export function trackingStatus(sb: CarrierSandbox, l: Label): TrackingStatus {
  if (l.status === 'pending') return 'pending';
  if (l.status === 'paid' || l.generatedAt === null) return 'released';
  const elapsedDays = (sb.now() - l.generatedAt) / DAY;
  let step = elapsedDays >= l.deliveryDays ? 2 : elapsedDays >= 1 ? 1 : 0;
  step = Math.min(2, step + l.manualSteps);
  return (['posted', 'in_transit', 'delivered'] as const)[step];
}

function trackingOf(sb: CarrierSandbox, l: Label) {
  const status = trackingStatus(sb, l);
  return {
    id: l.id,
    protocol: l.protocol,
    status,
    tracking: l.tracking,
    melhorenvio_tracking: l.tracking ? `ME${l.protocol}` : null,
    created_at: new Date(l.createdAt).toISOString(),
    generated_at: l.generatedAt ? new Date(l.generatedAt).toISOString() : null,
    delivered_at: status === 'delivered' ? new Date(sb.now()).toISOString() : null,
  };
}

function idsOf(body: unknown): string[] {
  const orders = (body as { orders?: unknown })?.orders;
  return Array.isArray(orders) ? orders.map(String) : [];
}

export async function handleCarrierCall(sb: CarrierSandbox, req: CarrierRequest): Promise<CarrierReply> {
  const path = req.path.join('/');
  const body = (req.body ?? {}) as Record<string, unknown>;
  // Control API (no token): the simulator's buttons and the tests.
  if (path.startsWith('sim/')) return control(sb, path, body);
  if (/^etiqueta\/[\w-]+\.pdf$/.test(path)) {
    const l = sb.labels.get(path.slice('etiqueta/'.length, -4));
    if (!l || !l.tracking) return json(404, { message: 'Etiqueta não encontrada.' });
    const service = SERVICES.find((s) => s.id === l.serviceId)?.name ?? '';
    return { status: 200, bytes: await labelPdf({ code: l.tracking, service, from: l.fromText, to: l.toText, protocol: l.protocol }), contentType: 'application/pdf' };
  }
  const token = /^Bearer\s+(\S+)$/i.exec(req.authorization ?? '')?.[1];
  if (!token) return json(401, { message: 'Unauthenticated.' });
  if (token === 'me_sandbox_recusado') return json(401, { message: 'Unauthenticated.' });
  const tooLong = oversized(body);
  if (tooLong) return json(422, { message: `Campo grande demais: ${tooLong}.`, errors: { [tooLong]: ['Campo grande demais.'] } });

  if (req.method === 'GET' && path === 'api/v2/me') return json(200, { id: 'sandbox', firstname: 'Loja', lastname: 'Sandbox', email: 'sandbox@melhorenvio.invalid', balance: (sb.balanceCents / 100).toFixed(2) });
  if (req.method !== 'POST') return json(405, { message: 'Method not allowed.' });

  switch (path) {
    case 'api/v2/me/shipment/calculate': {
      const to = cepOf(body.to);
      sb.quotes++;
      if (to.endsWith('999')) return json(503, { message: 'Service Unavailable' });
      if (to.endsWith('998')) await sb.sleep(sb.slowMs);
      const ids = typeof body.services === 'string' ? body.services.split(',').map(Number).filter(Number.isFinite) : null;
      const answer = quote({ from: cepOf(body.from), to, parcels: parcelsOf(body), serviceIds: ids });
      return 'error' in answer ? json(422, { message: answer.error, errors: { postal_code: [answer.error] } }) : json(200, answer);
    }
    case 'api/v2/me/cart': {
      const serviceId = num(body.service);
      const from = cepOf(body.from);
      const to = cepOf(body.to);
      const answer = quote({ from, to, parcels: parcelsOf(body), serviceIds: [serviceId] });
      if ('error' in answer) return json(422, { message: answer.error });
      const entry = answer[0];
      if (!entry) return json(422, { message: 'Serviço inválido.' });
      if (entry.error) return json(422, { message: String(entry.error) });
      // Carts nobody paid go after a day; beyond MAX_LABELS nothing new is kept.
      sb.labels.dropPendingBefore(sb.now() - UNPAID_CART_MS);
      if (sb.labels.size >= MAX_LABELS) return json(429, { message: 'Limite de etiquetas do sandbox atingido. Tente mais tarde.' });
      const id = crypto.randomUUID();
      const protocol = `ORD-${String(sb.serial++).slice(-8)}`;
      const range = entry.delivery_range as { max: number };
      const addr = (v: unknown) => {
        const o = (v ?? {}) as Record<string, unknown>;
        return [o.name, [o.address, o.number].filter(Boolean).join(', '), o.district, [o.city, o.state_abbr].filter(Boolean).join('/'), (o.postal_code as string) ?? ''].filter(Boolean).join(' · ');
      };
      const label: Label = { id, protocol, serviceId, priceCents: Math.round(Number(entry.custom_price) * 100), status: 'pending', tracking: null, fromText: addr(body.from) || from, toText: addr(body.to) || to, createdAt: sb.now(), generatedAt: null, manualSteps: 0, deliveryDays: range.max };
      sb.labels.set(id, label);
      return json(201, { id, protocol, service_id: serviceId, price: entry.custom_price, status: 'pending', created_at: new Date(label.createdAt).toISOString() });
    }
    case 'api/v2/me/shipment/checkout': {
      // One transaction: the balance read, the debit and the labels paid together (no await inside).
      const outcome = sb.labels.transaction(() => {
        const labels = idsOf(body).map((id) => sb.labels.get(id));
        if (labels.length === 0 || labels.some((l) => !l)) return { error: 'Etiqueta não encontrada no carrinho.' } as const;
        const due = labels.filter((l) => l!.status === 'pending');
        const total = due.reduce((s, l) => s + l!.priceCents, 0);
        if (total > sb.balanceCents) return { error: 'Saldo insuficiente.' } as const;
        sb.balanceCents -= total;
        for (const l of due) sb.labels.set(l!.id, { ...l!, status: 'paid' });
        return { labels, total, protocol: `PUR-${sb.serial++}` } as const;
      });
      if ('error' in outcome) return json(422, { message: outcome.error });
      const { labels, total } = outcome;
      return json(200, { purchase: { id: crypto.randomUUID(), protocol: outcome.protocol, total: (total / 100).toFixed(2), status: 'paid', orders: labels.map((l) => ({ id: l!.id, status: 'released', price: (l!.priceCents / 100).toFixed(2) })) } });
    }
    case 'api/v2/me/shipment/generate': {
      const out: Record<string, unknown> = {};
      for (const id of idsOf(body)) {
        const l = sb.labels.get(id);
        if (!l || l.status === 'pending') {
          out[id] = { status: false, message: 'Etiqueta não paga.' };
          continue;
        }
        if (l.status === 'paid') {
          const service = SERVICES.find((s) => s.id === l.serviceId);
          l.tracking = service?.correios ? s10Code(l.serviceId === 2 ? 'SX' : 'PC', sb.serial++) : `${service?.company.name.slice(0, 2).toUpperCase() ?? 'ME'}${sb.serial++}`;
          l.status = 'generated';
          l.generatedAt = sb.now();
          sb.labels.set(l.id, l);
        }
        out[id] = { status: true, message: 'Envio gerado com sucesso' };
      }
      return json(200, out);
    }
    case 'api/v2/me/shipment/print': {
      const ids = idsOf(body);
      const l = sb.labels.get(ids[0] ?? '');
      if (!l || !l.tracking) return json(422, { message: 'Etiqueta não gerada.' });
      return json(200, { url: `${req.baseUrl}/etiqueta/${l.id}.pdf` });
    }
    case 'api/v2/me/shipment/tracking': {
      const out: Record<string, unknown> = {};
      for (const id of idsOf(body)) {
        const l = sb.labels.get(id);
        if (l) out[id] = trackingOf(sb, l);
      }
      return json(200, out);
    }
  }
  return json(404, { message: 'Not found.' });
}

function control(sb: CarrierSandbox, path: string, body: Record<string, unknown>): CarrierReply {
  // The newest labels, ids and tracking only: never the addresses (they name buyers).
  if (path === 'sim/labels') return json(200, [...sb.labels.values(200)].map((l) => ({ ...trackingOf(sb, l), service_id: l.serviceId })));
  if (path === 'sim/advance') {
    // "Avançar entrega": one step (postado → em trânsito → entregue) for a label, by id or tracking code.
    const key = String(body.id ?? body.tracking ?? '');
    const l = key ? sb.labels.byIdOrTracking(key) : undefined;
    if (!l || l.status !== 'generated') return json(404, { message: 'Etiqueta não encontrada.' });
    l.manualSteps = Math.min(2, l.manualSteps + (body.deliver ? 2 : 1));
    sb.labels.set(l.id, l);
    return json(200, trackingOf(sb, l));
  }
  if (path === 'sim/balance') {
    sb.balanceCents = Math.max(0, Math.round(num(body.cents, sb.balanceCents)));
    return json(200, { balance_cents: sb.balanceCents });
  }
  return json(404, { message: 'Not found.' });
}

/** Whether a CEP is one the sandbox prices at all (for its own tests). */
export const servedCep = (cep: string) => ufOfCep(cep) !== null;
