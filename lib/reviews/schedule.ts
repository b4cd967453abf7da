/**
 * "Avalie sua compra": the requests that fell due, on the shop's clock (the sandbox clock under
 * the embedded sandbox, so a demo or a test moves time to see one). An order is due N days
 * (Configurações, default 7) after it became reviewable (eligibility.ts). Each due order gets one
 * `review_requests` row and its e-mail's outbox row in one transaction, both keyed on the order,
 * so two passes (a Node host's loop and the cron route, two processes) write one request and one
 * e-mail. Time-boxed: batches until none is left or the deadline passes; what is left is found
 * again by the next pass, since a due order without a request row is all it looks for.
 *
 * WhatsApp: where the buyer consented and the merchant switched it on, the request is a
 * WhatsApp message too; that channel writes its own row here, beside `queueEmail`, keyed
 * `whatsapp:<order>:review_request` (see REVIEW_REQUEST_CHANNELS), under the per-number cap.
 */
import 'server-only';
import { and, asc, eq, gte, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import { database, db, type Tx } from '@/db';
import { run, type Step } from '@/db/driver';
import { orderItems, orders, reviewRequests } from '@/db/schema';
import { emailKey, queueEmail } from '@/lib/email';
import { queueWhatsapp } from '@/lib/whatsapp/enqueue';
import { isReviewable, reviewableSince } from './eligibility';
import { readReviewSettings } from './settings';

const DAY_MS = 86_400_000;
/** Orders that became reviewable more than this long before their moment are not asked any more (a shop switching reviews on does not mail its whole history). */
export const REQUEST_WINDOW_DAYS = 30;
const BATCH = 50;

/**
 * The channels a due request is written to, inside its transaction, each keyed on the order: the
 * e-mail, and the WhatsApp message (no row without the buyer's consent and WhatsApp on; skipped
 * while the merchant's switch is off, after "SAIR" or over the number's daily cap).
 */
export const REVIEW_REQUEST_CHANNELS: ((tx: Tx, orderId: string) => Generator<Step, void, unknown>)[] = [
  (tx, orderId) => queueEmail(tx, { key: emailKey.reviewRequest(orderId), orderId, kind: 'review_request' }),
  (tx, orderId) => queueWhatsapp(tx, { orderId, kind: 'review_request' }),
];

export type RequestPass = { requested: number; left: number };

/** The due orders without a request, oldest moment first. */
function dueOrders(nowMs: number, delayDays: number, limit: number) {
  const cutoff = new Date(nowMs - delayDays * DAY_MS).toISOString();
  const floor = new Date(nowMs - (delayDays + REQUEST_WINDOW_DAYS) * DAY_MS).toISOString();
  // Paid before the window's start by more than the window again: such an order's delivery would
  // be older than any request still to make, and orders_paid_at_idx keeps the scan short.
  const paidFloor = new Date(nowMs - (delayDays + 3 * REQUEST_WINDOW_DAYS) * DAY_MS).toISOString();
  return db()
    .select({ id: orders.id, since: reviewableSince })
    .from(orders)
    .where(
      and(
        isNotNull(orders.paidAt),
        gte(orders.paidAt, paidFloor),
        isReviewable,
        lte(reviewableSince, cutoff),
        gte(reviewableSince, floor),
        notExists(db().select({ x: sql`1` }).from(reviewRequests).where(eq(reviewRequests.orderId, orders.id))),
        sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.productId} is not null)`,
      ),
    )
    .orderBy(asc(reviewableSince))
    .limit(limit);
}

/** One pass: writes the due requests (and their e-mails) until none is left or `deadlineMs` (0: no deadline) passes. */
export async function enqueueDueReviewRequests(opts: { now: number; deadlineMs?: number }): Promise<RequestPass> {
  const started = Date.now();
  const { delayDays } = await readReviewSettings();
  let requested = 0;
  for (;;) {
    const due = await dueOrders(opts.now, delayDays, BATCH);
    if (due.length === 0) return { requested, left: 0 };
    requested += await database().transaction(function* (tx) {
      let n = 0;
      for (const o of due) {
        const dueAt = new Date(Date.parse(o.since!) + delayDays * DAY_MS).toISOString();
        const fresh = yield* run(tx.insert(reviewRequests).values({ orderId: o.id, dueAt }).onConflictDoNothing());
        if (fresh === 0) continue;
        for (const channel of REVIEW_REQUEST_CHANNELS) yield* channel(tx, o.id);
        n++;
      }
      return n;
    });
    if (opts.deadlineMs && Date.now() - started >= opts.deadlineMs) {
      return { requested, left: (await dueOrders(opts.now, delayDays, BATCH)).length };
    }
  }
}
