/**
 * The abandoned-checkout reminders, found by a scan (the e-mail worker runs it on every pass;
 * the cron route too), on the shop's clock (`now`: the sandbox clock under the embedded sandbox).
 *
 * A draft with an e-mail gets step n (1 h, 24 h, 72 h after its last change by default;
 * settings.ts) once: one conditional UPDATE moves `reminders_sent` from the value read to n, and
 * only the transaction that wins it writes the outbox row, keyed `draft:<id>:reminder:<n>` —
 * two processes scanning at once write one e-mail per step. In the same transaction the first
 * due reminder records the `checkout.abandoned` outbound event (once per draft); a draft no
 * e-mail announces (a phone only, or every reminder off) records it on its own at that time.
 *
 * The same transaction writes the step's WhatsApp "Lembrete de carrinho" (lib/whatsapp/enqueue.ts)
 * when the draft holds the buyer's consent: a draft with a consenting phone and no e-mail takes
 * the same steps.
 *
 * Before writing: a draft whose buyer already ordered the same products by another path (same
 * e-mail or phone, after the draft began) is converted instead; a draft whose products are all
 * sold out gets no e-mail; an address that asked to stop, or over its daily cap
 * (EMAILS_PER_RECIPIENT_PER_DAY, counted with the unpaid orders' e-mails), gets a `skipped` row.
 */
import 'server-only';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { database, db } from '@/db';
import { all, get, run } from '@/db/driver';
import { checkoutDrafts, emailOptOuts, emailOutbox, orderItems, orders, outboundEvents, type CheckoutDraftRow } from '@/db/schema';
import { itemsOfProducts } from '@/lib/catalog';
import { priceCart } from '@/lib/orders/pricing';
import { recipientCapCount, emailsPerRecipientPerDay, normalisedAddressSql, normalisedAddress, RECIPIENT_CAP_REASON, REMINDER_KINDS } from '@/lib/email';
import { newEventId } from '@/lib/outbound-events/record';
import { cartLines, convertDraft, parseLines } from './drafts';
import { linkByCode, linkForBuyer } from '@/lib/links/links';
import { sessionById } from '@/lib/checkout/sessions/sessions';
import { dueStep, getReminderSteps, type ReminderStep } from './settings';
import { forgetDraftWhatsapp, queueCartReminderWhatsapp } from '@/lib/whatsapp/enqueue';

export const OPTED_OUT_REASON = 'Não enviado: o endereço pediu para não receber lembretes';
export const draftReminderKey = (draftId: string, step: number) => `draft:${draftId}:reminder:${step}`;
export const DRAFT_RETENTION_DAYS = 30;
/** After this long without a change or a conversion a draft shows as "Expirado" and its links stop working. */
export const DRAFT_LIFETIME_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * Whether nothing of the draft can be bought any more: a cart's products all sold out (or gone
 * from the catalog), a payment link no longer taking payments, a session expired or with its order.
 */
export async function allSoldOut(d: Pick<CheckoutDraftRow, 'lines' | 'source' | 'sourceRef'>, realNow = Date.now()): Promise<boolean> {
  if (d.source === 'link') {
    const found = d.sourceRef ? await linkForBuyer(d.sourceRef, new Date(realNow)) : undefined;
    return !found || found.state !== 'active';
  }
  if (d.source === 'session') {
    const session = d.sourceRef ? await sessionById(d.sourceRef) : null;
    return !session || session.orderId !== null || Date.parse(session.expiresAt) <= realNow;
  }
  const lines = cartLines(parseLines(d.lines));
  if (lines.length === 0) return true;
  const catalog = await itemsOfProducts(lines.map((l) => l.productId));
  const priced = priceCart(lines, catalog);
  return priced.lines.every((l) => l.problem === 'Esgotado.');
}

/**
 * An order of the same buyer (e-mail or phone) placed by another path since the draft began,
 * holding every product of the draft. `offsetMs`: the shop clock minus real time (orders carry
 * real time).
 */
export async function orderByOtherPath(d: CheckoutDraftRow, offsetMs: number): Promise<string | null> {
  if (d.source === 'session') {
    // A session makes one order: once it has one (from any browser), its drafts are done.
    const session = d.sourceRef ? await sessionById(d.sourceRef) : null;
    if (session?.orderId) return session.orderId;
  }
  const who = [d.email ? eq(orders.buyerEmail, d.email) : undefined, d.phone ? eq(orders.buyerPhone, d.phone) : undefined].filter(Boolean);
  if (who.length === 0) return null;
  const since = new Date(Date.parse(d.createdAt) - offsetMs - 60_000).toISOString();
  const candidates = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(and(or(...who), gte(orders.createdAt, since)))
    .limit(20);
  if (candidates.length === 0) return null;
  if (d.source === 'link') {
    // A payment link's draft: an order of that same link.
    const link = d.sourceRef ? await linkByCode(d.sourceRef) : undefined;
    if (!link) return null;
    const [same] = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.id, candidates.map((c) => c.id)), eq(orders.paymentLinkId, link.id)))
      .limit(1);
    return same?.id ?? null;
  }
  const wanted = new Set(cartLines(parseLines(d.lines)).map((l) => l.productId));
  // A session of services only (no catalog product) is done by its own order alone (above).
  if (wanted.size === 0) return null;
  const items = await db()
    .select({ orderId: orderItems.orderId, productId: orderItems.productId })
    .from(orderItems)
    .where(inArray(orderItems.orderId, candidates.map((c) => c.id)));
  for (const c of candidates) {
    const has = new Set(items.filter((i) => i.orderId === c.id).map((i) => i.productId));
    if ([...wanted].every((p) => has.has(p))) return c.id;
  }
  return null;
}

export const ANOTHER_DRAFT_REASON = 'Outro carrinho deste endereço já recebe lembretes hoje';

/**
 * SQL: reminders of another draft sent to this contact (normalised) in the last 24 hours. One
 * draft per contact a day gets reminders: a stranger typing someone's address into many
 * checkouts earns that person one series, not one per draft.
 */
function otherDraftRemindedToday(email: string, draftId: string) {
  return sql<number>`(select count(*) from ${emailOutbox} as other
    where ${normalisedAddressSql(sql`other.recipient`)} = ${normalisedAddress(email)}
      and other.kind = 'cart_reminder'
      and other.status <> 'skipped'
      and other.dedupe_key not like ${`draft:${draftId}:%`}
      and other.created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day'))`;
}

export async function enqueueDueDraftReminders(now: number, realNow = Date.now()): Promise<number> {
  const steps = await getReminderSteps();
  await recordAbandonedWithoutReminder(steps, now, realNow);
  const on = steps.filter((s) => s.on);
  if (on.length === 0) return 0;
  const cutoff = new Date(now - Math.min(...on.map((s) => s.minutes)) * 60_000).toISOString();
  const candidates = await db()
    .select()
    .from(checkoutDrafts)
    .where(and(eq(checkoutDrafts.status, 'open'), lte(checkoutDrafts.updatedAt, cutoff), lt(checkoutDrafts.remindersSent, 3), or(isNotNull(checkoutDrafts.email), eq(checkoutDrafts.whatsappConsent, true))))
    // Oldest first: of one contact's drafts, the first left is the one that gets the reminders.
    .orderBy(asc(checkoutDrafts.updatedAt))
    .limit(200);
  let written = 0;
  for (const d of candidates) {
    const step = dueStep(steps, d.remindersSent, Date.parse(d.updatedAt), now);
    if (!step) continue;
    const ordered = await orderByOtherPath(d, now - realNow);
    if (ordered) {
      await convertDraft(d.id, ordered, now);
      continue;
    }
    const soldOut = await allSoldOut(d, realNow);
    const nowIso = new Date(now).toISOString();
    const cap = emailsPerRecipientPerDay();
    const email = d.email;
    written += await database().transaction(function* (tx) {
      const moved = yield* run(
        tx
          .update(checkoutDrafts)
          .set({ remindersSent: step.step, lastReminderAt: nowIso, abandonedEventAt: sql`coalesce(${checkoutDrafts.abandonedEventAt}, ${nowIso})` })
          .where(and(eq(checkoutDrafts.id, d.id), eq(checkoutDrafts.status, 'open'), eq(checkoutDrafts.remindersSent, d.remindersSent))),
      );
      if (!moved) return 0;
      if (!d.abandonedEventAt) {
        yield* run(
          tx
            .insert(outboundEvents)
            .values({ id: newEventId(), type: 'checkout.abandoned', orderId: null, dedupeKey: `checkout.abandoned:${d.id}` })
            .onConflictDoNothing(),
        );
      }
      if (soldOut) return 0;
      // The WhatsApp reminder of the same step (consent, the switch, "SAIR" and caps decided there).
      yield* queueCartReminderWhatsapp(tx, { draftId: d.id, step: step.step });
      if (!email) return 0;
      const optedOut = yield* get(tx.select({ email: emailOptOuts.email }).from(emailOptOuts).where(eq(emailOptOuts.email, email)));
      const sentToday = (yield* get(tx.select({ n: recipientCapCount(email, REMINDER_KINDS) }).from(checkoutDrafts).where(eq(checkoutDrafts.id, d.id))))?.n ?? 0;
      const another = yield* get(tx.select({ n: otherDraftRemindedToday(email, d.id) }).from(checkoutDrafts).where(eq(checkoutDrafts.id, d.id)));
      const skip = optedOut ? OPTED_OUT_REASON : Number(another?.n ?? 0) > 0 ? ANOTHER_DRAFT_REASON : Number(sentToday) >= cap ? RECIPIENT_CAP_REASON : null;
      return yield* run(
        tx
          .insert(emailOutbox)
          .values({ dedupeKey: draftReminderKey(d.id, step.step), orderId: null, kind: 'cart_reminder', recipient: email, status: skip ? 'skipped' : 'pending', lastError: skip })
          .onConflictDoNothing(),
      );
    });
  }
  return written;
}

/**
 * `checkout.abandoned` for the drafts no reminder e-mail will announce: one with a phone and no
 * e-mail, and every draft while all three reminders are off (a merchant who hands abandoned
 * checkouts to an outside CRM switches them off). Recorded when the first reminder would be due
 * (the earliest one switched on, else the 1st's time), once per draft: one conditional UPDATE of
 * `abandoned_event_at` decides, as for the reminders. A draft whose buyer already ordered by
 * another path is converted instead.
 */
async function recordAbandonedWithoutReminder(steps: ReminderStep[], now: number, realNow: number): Promise<void> {
  const on = steps.filter((s) => s.on);
  const minutes = on.length > 0 ? Math.min(...on.map((s) => s.minutes)) : steps[0].minutes;
  const cutoff = new Date(now - minutes * 60_000).toISOString();
  const candidates = await db()
    .select()
    .from(checkoutDrafts)
    .where(
      and(
        eq(checkoutDrafts.status, 'open'),
        isNull(checkoutDrafts.abandonedEventAt),
        lte(checkoutDrafts.updatedAt, cutoff),
        on.length > 0 ? isNull(checkoutDrafts.email) : undefined,
      ),
    )
    .limit(200);
  for (const d of candidates) {
    const ordered = await orderByOtherPath(d, now - realNow);
    if (ordered) {
      await convertDraft(d.id, ordered, now);
      continue;
    }
    const nowIso = new Date(now).toISOString();
    await database().transaction(function* (tx) {
      const moved = yield* run(
        tx
          .update(checkoutDrafts)
          .set({ abandonedEventAt: nowIso })
          .where(and(eq(checkoutDrafts.id, d.id), eq(checkoutDrafts.status, 'open'), isNull(checkoutDrafts.abandonedEventAt))),
      );
      if (!moved) return;
      yield* run(
        tx.insert(outboundEvents).values({ id: newEventId(), type: 'checkout.abandoned', orderId: null, dedupeKey: `checkout.abandoned:${d.id}` }).onConflictDoNothing(),
      );
    });
  }
}

/**
 * Deletes drafts (with the personal data they hold) 30 days after their last reminder, change or
 * conversion, whichever is latest. Returns how many.
 */
export async function deleteOldDrafts(now: number): Promise<number> {
  const before = new Date(now - DRAFT_RETENTION_DAYS * DAY_MS).toISOString();
  const latest = sql`max(${checkoutDrafts.updatedAt}, coalesce(${checkoutDrafts.lastReminderAt}, ''), coalesce(${checkoutDrafts.convertedAt}, ''))`;
  return database().transaction(function* (tx) {
    const old = yield* all(tx.select({ id: checkoutDrafts.id }).from(checkoutDrafts).where(sql`${latest} < ${before}`));
    yield* forgetDraftWhatsapp(tx, old.map((d) => d.id), 'Carrinho salvo apagado');
    return yield* run(tx.delete(checkoutDrafts).where(sql`${latest} < ${before}`));
  });
}

/** Whether an open draft has passed its lifetime (shown "Expirado"; its links say so). */
export function isExpired(d: Pick<CheckoutDraftRow, 'status' | 'updatedAt' | 'lastReminderAt'>, now: number): boolean {
  if (d.status !== 'open') return false;
  const last = Math.max(Date.parse(d.updatedAt), d.lastReminderAt ? Date.parse(d.lastReminderAt) : 0);
  return now - last > DRAFT_LIFETIME_DAYS * DAY_MS;
}
