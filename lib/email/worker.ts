/**
 * The outbox worker: sends pending e-mails, one at a time, each claimed with a lease.
 *
 * A row is claimed (status 'sending', attempts + 1, lease_until) in one UPDATE that only one
 * worker can win — several instances, the in-process timer and the cron route may all drain
 * at once. It is rendered from the order as it is now, sent, then marked 'sent' with an
 * attempt row. A failure is recorded with its reason: a temporary one (connection refused,
 * timeout, 4xx) is retried with exponential back-off up to OUTBOX_MAX_ATTEMPTS, a permanent
 * one (5xx: a bad address, a refused message) is given up at once.
 *
 * Delivery is at least once: if the process dies after the relay accepted a message and
 * before the row is marked sent, the lease runs out and the message is sent again — at most
 * that one message per worker, since a worker holds one row at a time. It carries the same
 * Message-ID both times, so mail providers that deduplicate by Message-ID show it once.
 */
import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { database, db } from '@/db';
import { run } from '@/db/driver';
import { emailAttempts, emailOutbox, type EmailKind, type EmailOutboxRow } from '@/db/schema';
import { env } from '@/lib/config/env';
import { logger, redactSecrets } from '@/lib/server/log';
import { setOutboxKick } from './kick';
import { loadEmailData } from './load';
import { getEmailSettings } from './settings';
import { renderEmail, type RenderedEmail } from './templates';
import { isAccountEmailKind, loadAccountEmail } from './account-emails';
import { loadCartReminderEmail } from './cart-reminder';
import { catcherTransport, classifySendError, smtpTransport, type MailTransport } from './transport';
import { processSingleton, processSlot } from '@/lib/process/context';

export const OUTBOX_MAX_ATTEMPTS = 10;

export type WorkerOptions = {
  /** How long a claimed row is held before another worker may take it (a crash). */
  leaseMs?: number;
  /** The first retry's delay; doubled on every attempt up to maxBackoffMs. */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  maxAttempts?: number;
  now?: () => number;
  /** Run before each pass drains (the abandoned-checkout scan, given by start-up: it lives above this folder). */
  beforeDrain?: () => Promise<unknown>;
};

const DEFAULTS = { leaseMs: 2 * 60_000, backoffBaseMs: 60_000, maxBackoffMs: 2 * 60 * 60_000, maxAttempts: OUTBOX_MAX_ATTEMPTS, now: Date.now };

/** Delay before attempt `attempt + 1`: base · 2^(attempt−1), capped; 1 min, 2, 4 … 2 h by default (about 6 h over 10 attempts). */
export function backoffMs(attempt: number, base = DEFAULTS.backoffBaseMs, max = DEFAULTS.maxBackoffMs): number {
  return Math.min(max, base * 2 ** Math.max(0, attempt - 1));
}

// ---------- transport ----------

/** The transport for this process's configuration; null when e-mails are off (`mailTransport.provide(t)` gives a test's). */
export const mailTransport = processSingleton<MailTransport | null>(
  'email.transport',
  () => {
    const { email } = env();
    return email.mode === 'smtp' ? smtpTransport(email.smtpUrl!) : email.mode === 'catcher' ? catcherTransport : null;
  },
  { close: (t) => t?.close?.() },
);

/** Message-ID of a row: the same on every attempt. */
export function messageIdOf(row: Pick<EmailOutboxRow, 'dedupeKey'>): string {
  const host = new URL(env().appUrl).hostname || 'balcao.invalid';
  return `<${createHash('sha256').update(row.dedupeKey).digest('hex').slice(0, 32)}@${host}>`;
}

// ---------- one row ----------

const iso = (ms: number) => new Date(ms).toISOString();

/** Due now (pending and its time come, or a lease run out); only among `keys` when given (an after-pass). */
function dueCondition(nowIso: string, keys?: readonly string[]) {
  const due = or(
    and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, nowIso)),
    and(eq(emailOutbox.status, 'sending'), lte(emailOutbox.leaseUntil, nowIso)),
  );
  return keys ? and(inArray(emailOutbox.dedupeKey, [...keys]), due) : due;
}

/** Claims the next due row, or undefined when none is due. */
async function claimNext(o: typeof DEFAULTS, keys?: readonly string[]): Promise<EmailOutboxRow | undefined> {
  for (let tries = 0; tries < 5; tries++) {
    const nowIso = iso(o.now());
    const [next] = await db()
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(dueCondition(nowIso, keys))
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
      .limit(1);
    if (!next) return undefined;
    const [claimed] = await db()
      .update(emailOutbox)
      .set({ status: 'sending', attempts: sql`${emailOutbox.attempts} + 1`, leaseUntil: iso(o.now() + o.leaseMs), updatedAt: nowIso })
      .where(and(eq(emailOutbox.id, next.id), dueCondition(nowIso)))
      .returning();
    if (claimed) return claimed;
    // Another worker took it between the read and the update: look again.
  }
  return undefined;
}

/** Instructions and reminders are about paying: once the order is no longer pending they are not sent. */
function notSendingBecause(kind: EmailKind, status: string): string | null {
  if ((kind === 'instructions' || kind === 'reminder') && status !== 'pending') return `Não enviado: o pedido já está ${STATUS_WORDS[status] ?? status}`;
  return null;
}
const STATUS_WORDS: Record<string, string> = { paid: 'pago', refunded: 'reembolsado', canceled: 'cancelado', expired: 'expirado' };

type Outcome = 'sent' | 'retry' | 'failed' | 'skipped';

async function finish(row: EmailOutboxRow, outcome: Outcome, o: typeof DEFAULTS, extra: { error?: string; responseCode?: number; startedAt: number; transport?: string; messageId?: string }) {
  const now = o.now();
  const status = outcome === 'retry' ? 'pending' : outcome;
  await database().transaction(function* (tx) {
    yield* run(
      tx
        .update(emailOutbox)
        .set({
          status,
          leaseUntil: null,
          lastError: outcome === 'sent' ? null : (extra.error ?? null),
          nextAttemptAt: outcome === 'retry' ? iso(now + backoffMs(row.attempts, o.backoffBaseMs, o.maxBackoffMs)) : row.nextAttemptAt,
          sentAt: outcome === 'sent' ? iso(now) : null,
          transport: extra.transport ?? row.transport,
          messageId: extra.messageId ?? row.messageId,
          updatedAt: iso(now),
        })
        .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'sending'))),
    );
    yield* run(
      tx.insert(emailAttempts).values({
        outboxId: row.id,
        attempt: row.attempts,
        outcome,
        error: extra.error ?? null,
        responseCode: extra.responseCode ?? null,
        durationMs: Math.max(0, now - extra.startedAt),
        at: iso(now),
      }),
    );
  });
}

/** What a row sends: rendered from its order, or from its account token (account-emails.ts). */
async function prepare(row: EmailOutboxRow, o: typeof DEFAULTS): Promise<{ shopName: string; rendered: RenderedEmail } | { skip: string }> {
  const kind = row.kind;
  if (isAccountEmailKind(kind)) return loadAccountEmail({ dedupeKey: row.dedupeKey, kind }, o.now());
  if (kind === 'cart_reminder') return loadCartReminderEmail(row);
  const data = row.orderId ? await loadEmailData({ orderId: row.orderId, kind, dedupeKey: row.dedupeKey }) : undefined;
  if (!data) return { skip: 'Não enviado: o pedido não existe mais' };
  const skip = notSendingBecause(kind, data.order.status);
  return skip ? { skip } : { shopName: data.shop.name, rendered: renderEmail(data) };
}

async function sendOne(row: EmailOutboxRow, transport: MailTransport, o: typeof DEFAULTS): Promise<Outcome> {
  const startedAt = o.now();
  const settings = await getEmailSettings();
  const prepared = await prepare(row, o);
  if ('skip' in prepared) {
    await finish(row, 'skipped', o, { error: prepared.skip, startedAt });
    return 'skipped';
  }
  const { rendered, shopName } = prepared;
  const messageId = messageIdOf(row);
  try {
    await transport.send({
      from: { name: shopName, address: env().email.fromAddress },
      to: row.recipient,
      replyTo: settings.replyTo ?? undefined,
      ...rendered,
      messageId,
      meta: { outboxId: row.id, orderId: row.orderId, kind: row.kind },
    });
  } catch (error) {
    const f = classifySendError(error);
    const outcome: Outcome = !f.permanent && row.attempts < o.maxAttempts ? 'retry' : 'failed';
    const reason = f.permanent || outcome === 'retry' ? f.reason : `${f.reason} (desistimos após ${row.attempts} tentativas)`;
    await finish(row, outcome, o, { error: reason, responseCode: f.responseCode, startedAt, transport: transport.kind, messageId });
    logger().warn({ outboxId: row.id, kind: row.kind, attempt: row.attempts, outcome, reason }, 'e-mail not sent');
    return outcome;
  }
  await finish(row, 'sent', o, { startedAt, transport: transport.kind, messageId });
  return 'sent';
}

export type DrainResult = Record<Outcome, number>;

/**
 * Sends every due row, one at a time, until none is due, `maxRows` were handled or
 * `deadlineMs` passed (the cron route's time box). Safe to run anywhere at the same time.
 * `keys`: only the rows with these dedupe keys (a request's after-pass, lib/server/after-pass.ts).
 */
export async function drainOutbox(opts: WorkerOptions & { maxRows?: number; deadlineMs?: number; transport?: MailTransport; keys?: readonly string[] } = {}): Promise<DrainResult> {
  const o = { ...DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) } as typeof DEFAULTS;
  const result: DrainResult = { sent: 0, retry: 0, failed: 0, skipped: 0 };
  const transport = opts.transport ?? mailTransport();
  if (!transport) return result;
  const stopAt = opts.deadlineMs ? o.now() + opts.deadlineMs : Infinity;
  const maxRows = opts.maxRows ?? (opts.keys ? opts.keys.length : 500);
  if (opts.keys?.length === 0) return result;
  for (let n = 0; n < maxRows && o.now() < stopAt; n++) {
    const row = await claimNext(o, opts.keys);
    if (!row) break;
    try {
      result[await sendOne(row, transport, o)]++;
    } catch (error) {
      // Rendering or the database failed: the lease runs out and the row is tried again.
      logger().error({ outboxId: row.id, err: redactSecrets(String(error)) }, 'e-mail worker: row failed');
      result.retry++;
    }
  }
  return result;
}

/** Rows due now (the cron route reports what it left). */
export async function outboxWorkLeft(now = Date.now()): Promise<number> {
  const [row] = await db().select({ n: sql<number>`count(*)` }).from(emailOutbox).where(dueCondition(iso(now)));
  return Number(row?.n ?? 0);
}

// ---------- in-process worker (one Node host) ----------

const workerSlot = processSlot<WorkerState>('email.worker', { close: (state) => state.timer && clearInterval(state.timer) });
type WorkerState = { timer?: ReturnType<typeof setInterval>; running?: Promise<void>; again?: boolean; options: WorkerOptions; reminderAt?: number };

export const WORKER_INTERVAL_MS = 5_000;
const REMINDER_SCAN_EVERY_MS = 10 * 60_000;

function runOnce(state: WorkerState): void {
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = (async () => {
    do {
      state.again = false;
      const now = Date.now();
      if (!state.reminderAt || now - state.reminderAt >= REMINDER_SCAN_EVERY_MS) {
        state.reminderAt = now;
        const { enqueueDueReminders } = await import('./reminders');
        await enqueueDueReminders();
      }
      await state.options.beforeDrain?.();
      await drainOutbox(state.options);
    } while (state.again);
  })()
    .catch((error) => logger().error({ err: redactSecrets(String(error)) }, 'e-mail worker pass failed'))
    .finally(() => {
      state.running = undefined;
    });
}

/** Starts draining every few seconds (and right after a kick). No-op when e-mails are off. */
export function startOutboxWorker(options: WorkerOptions & { intervalMs?: number } = {}): void {
  const state = workerSlot.get() ?? workerSlot.set({ options });
  if (state.timer || !mailTransport()) return;
  state.options = options;
  state.timer = setInterval(() => runOnce(state), options.intervalMs ?? WORKER_INTERVAL_MS);
  state.timer.unref?.();
  // Something was enqueued (its transaction committed): send soon instead of at the next tick.
  setOutboxKick(() => {
    if (state.timer) setImmediate(() => runOnce(state));
  });
  runOnce(state);
}

export async function stopOutboxWorker(): Promise<void> {
  const state = workerSlot.get();
  if (!state) return;
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
  setOutboxKick(undefined);
  await state.running;
}
