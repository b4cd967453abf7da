/**
 * The saved checkout (docs/reference.md, "Carrinhos abandonados"): once a shopper has typed a
 * valid e-mail or "Celular (WhatsApp)" on a checkout (the cart's, a payment link's or an API
 * session's: `source`, `sourceRef`), the server keeps a draft of it — the lines, the typed
 * fields except the CPF/CNPJ, the shipping choice and the coupon — and updates it as they go
 * on. A browser names its drafts by a random cookie whose sha256 is stored: it updates its own
 * drafts only, one open draft per checkout. Drafts hold no stock. Placing an order converts the draft.
 * Times are the shop's clock (lib/embedded-provider/clock.ts), passed in as `now`.
 */
import 'server-only';
import { and, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import { database, db } from '@/db';
import { get, run } from '@/db/driver';
import { checkoutDrafts, orders, type CheckoutDraftRow } from '@/db/schema';
import { checkMobile } from '@balcao/br/phone';
import { newId, sha256Hex } from '@/lib/security';

/** The checkout form's values (lib/checkout/fields.ts FormValues), by field name. */
export type FormValues = Partial<Record<string, string>>;

/** The browser's draft cookie (httpOnly, random; the database keeps its sha256 only). */
export const DRAFT_COOKIE = 'balcao_draft';
export const DRAFT_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30;
/** After an order converts a browser's draft, its late autosaves start no new one for this long. */
const JUST_CONVERTED_MS = 10 * 60_000;

/** A payment link's line has no product (`productId` null); a cart's or session's names its product. */
export type DraftLine = { productId: number | null; variantId?: number; quantity: number; unitCents: number; name: string };
/** Where the checkout was: the cart (no ref), a payment link (its code) or an API session (its id). */
export type DraftSource = { source: 'cart' | 'link' | 'session'; sourceRef: string | null };

/** One open draft per browser and checkout: the cart, or this link, or this session. */
function sameCheckout(t: DraftSource): SQL {
  return and(eq(checkoutDrafts.source, t.source), t.sourceRef === null ? isNull(checkoutDrafts.sourceRef) : eq(checkoutDrafts.sourceRef, t.sourceRef))!;
}
export type DraftStep = 'contact' | 'address' | 'payment';
export const STEP_LABELS: Record<DraftStep, string> = { contact: 'Contato', address: 'Endereço', payment: 'Pagamento' };

/** The fields a draft keeps: everything the form posts except the document, the key and the amount. */
const KEPT_FIELDS = [
  'name',
  'email',
  'phone',
  'method',
  'shipping',
  'sameAddress',
  'zip',
  'street',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
  'billingZip',
  'billingStreet',
  'billingNumber',
  'billingNeighborhood',
  'billingCity',
  'billingState',
  'coupon',
] as const;

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/** The typed contact, when valid: a draft exists only once one of them is. */
export function contactOf(values: FormValues): { email: string | null; phone: string | null } {
  const e = (values.email ?? '').trim().toLowerCase();
  const email = e.length <= 254 && EMAIL.test(e) ? e : null;
  const p = checkMobile((values.phone ?? '').slice(0, 40));
  return { email, phone: p.ok ? p.digits : null };
}

/** The fields kept, each trimmed to a sane length; never the CPF/CNPJ. */
export function keptFields(values: FormValues): FormValues {
  const out: FormValues = {};
  for (const f of KEPT_FIELDS) {
    const v = values[f];
    if (typeof v === 'string' && v.trim() !== '') out[f] = v.slice(0, 254);
  }
  return out;
}

export function stepOf(values: FormValues, submitted: boolean): DraftStep {
  if (submitted) return 'payment';
  return values.zip || values.street || values.shipping === 'pickup' ? 'address' : 'contact';
}

export type SaveDraft = DraftSource & {
  /** The browser's draft cookie value. */
  cookieToken: string;
  values: FormValues;
  lines: DraftLine[];
  totalCents: number;
  /** A submit (the order form's button or "Aplicar") rather than an autosave. */
  submitted?: boolean;
  now: number;
};

/**
 * Creates or updates this browser's open draft for this checkout. Without a valid contact and
 * no draft yet, nothing is written (returns null). A contact typed earlier is kept when the
 * field is later emptied or made invalid.
 */
export async function saveDraft(s: SaveDraft): Promise<string | null> {
  const contact = contactOf(s.values);
  const cookieHash = sha256Hex(s.cookieToken);
  const at = new Date(s.now).toISOString();
  const fields = JSON.stringify(keptFields(s.values));
  const lines = JSON.stringify(s.lines);
  const step = stepOf(s.values, !!s.submitted);
  // "Receber atualizações pelo WhatsApp": kept with the time it was first ticked (LGPD); unticking
  // withdraws it. Without a valid number there is nothing to consent to.
  const consents = s.values.whatsappConsent === 'on' && contact.phone !== null;
  const consent = consents
    ? { whatsappConsent: true, whatsappConsentAt: sql`coalesce(${checkoutDrafts.whatsappConsentAt}, ${at})` }
    : { whatsappConsent: false, whatsappConsentAt: null };
  return database().transaction(function* (tx) {
    const existing = yield* get(
      tx
        .select({ id: checkoutDrafts.id, step: checkoutDrafts.step })
        .from(checkoutDrafts)
        .where(and(eq(checkoutDrafts.cookieHash, cookieHash), eq(checkoutDrafts.status, 'open'), sameCheckout(s))),
    );
    const common = {
      fields,
      lines,
      shipping: s.values.shipping ?? null,
      coupon: (s.values.coupon ?? '').trim().toUpperCase() || null,
      totalCents: s.totalCents,
      sourceRef: s.sourceRef,
      updatedAt: at,
    };
    if (existing) {
      // The furthest step reached stays.
      const order: DraftStep[] = ['contact', 'address', 'payment'];
      const furthest = order.indexOf(existing.step as DraftStep) > order.indexOf(step) ? existing.step : step;
      yield* run(
        tx
          .update(checkoutDrafts)
          .set({ ...common, ...consent, step: furthest, ...(contact.email ? { email: contact.email } : {}), ...(contact.phone ? { phone: contact.phone } : {}) })
          .where(eq(checkoutDrafts.id, existing.id)),
      );
      return existing.id;
    }
    if (!contact.email && !contact.phone) return null;
    if (s.lines.length === 0) return null;
    // An autosave still in flight when the order was placed must not start a new draft of the
    // cart just bought (the order converted this browser's draft a moment ago).
    const justConverted = yield* get(
      tx
        .select({ id: checkoutDrafts.id })
        .from(checkoutDrafts)
        .where(and(eq(checkoutDrafts.cookieHash, cookieHash), eq(checkoutDrafts.status, 'converted'), gte(checkoutDrafts.convertedAt, new Date(s.now - JUST_CONVERTED_MS).toISOString()))),
    );
    if (justConverted) return null;
    const id = newId();
    yield* run(
      tx.insert(checkoutDrafts).values({ id, cookieHash, source: s.source, email: contact.email, phone: contact.phone, step, createdAt: at, ...common, whatsappConsent: consents, whatsappConsentAt: consents ? at : null }),
    );
    return id;
  });
}

export const CART: DraftSource = { source: 'cart', sourceRef: null };

/** This browser's open draft (by its cookie) of that checkout (the cart's unless said), if any. */
export async function draftOfCookie(cookieToken: string | undefined, target: DraftSource = CART): Promise<CheckoutDraftRow | undefined> {
  if (!cookieToken) return undefined;
  const [row] = await db()
    .select()
    .from(checkoutDrafts)
    .where(and(eq(checkoutDrafts.cookieHash, sha256Hex(cookieToken)), eq(checkoutDrafts.status, 'open'), sameCheckout(target)));
  return row;
}

/**
 * Converts the draft into the order: linked to it, no reminder after this. Records whether a
 * reminder had been written before (the overview's "Recuperados em 30 dias").
 */
export async function convertDraft(draftId: string, orderId: string, now: number): Promise<boolean> {
  const changed = await database().transaction(function* (tx) {
    const row = yield* get(tx.select({ sent: checkoutDrafts.remindersSent }).from(checkoutDrafts).where(and(eq(checkoutDrafts.id, draftId), eq(checkoutDrafts.status, 'open'))));
    if (!row) return 0;
    return yield* run(
      tx
        .update(checkoutDrafts)
        .set({ status: 'converted', orderId, convertedAt: new Date(now).toISOString(), remindersAtConversion: row.sent })
        .where(and(eq(checkoutDrafts.id, draftId), eq(checkoutDrafts.status, 'open'))),
    );
  });
  return changed > 0;
}

export function parseLines(json: string): DraftLine[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? (v as DraftLine[]) : [];
  } catch {
    return [];
  }
}

/** The lines that name a catalog product (all of a cart's). */
export function cartLines(lines: DraftLine[]): (DraftLine & { productId: number })[] {
  return lines.filter((l): l is DraftLine & { productId: number } => l.productId !== null);
}

export function parseFields(json: string): FormValues {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' ? keptFields(v as FormValues) : {};
  } catch {
    return {};
  }
}

/**
 * Converts this browser's open draft of that checkout into the order whose buyer token is
 * `orderToken`: one UPDATE (the order found by a subquery, the reminders written so far copied),
 * so the checkout's POST pays one statement for its draft.
 */
export async function convertDraftByOrderToken(cookieToken: string | undefined, orderToken: string, now: number, target: DraftSource = CART): Promise<boolean> {
  if (!cookieToken) return false;
  const orderId = sql`(select ${orders.id} from ${orders} where ${orders.token} = ${orderToken})`;
  const changed = await database().transaction(function* (tx) {
    return yield* run(
      tx
        .update(checkoutDrafts)
        .set({ status: 'converted', orderId: sql`${orderId}`, convertedAt: new Date(now).toISOString(), remindersAtConversion: sql`${checkoutDrafts.remindersSent}` })
        .where(and(eq(checkoutDrafts.cookieHash, sha256Hex(cookieToken)), eq(checkoutDrafts.status, 'open'), sameCheckout(target), sql`${orderId} is not null`)),
    );
  });
  return changed > 0;
}
