/**
 * The outbox worker: sends pending e-mails, one at a time, each claimed with a lease — the
 * `email` channel of the one outbox helper (lib/outbox), which claims, backs off and gives up.
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
import { inArray } from 'drizzle-orm';
import { write } from '@/db/driver';
import { emailAttempts, emailOutbox, type EmailKind, type EmailOutboxRow } from '@/db/schema';
import { env } from '@/lib/config/env';
import { logger } from '@/lib/server/log';
import { setOutboxKick } from './kick';
import { loadEmailData } from './load';
import { getEmailSettings } from './settings';
import { renderEmail, type RenderedEmail } from './templates';
import { isAccountEmailKind, loadAccountEmail } from './account-emails';
import { loadCartReminderEmail } from './cart-reminder';
import { catcherTransport, classifySendError, smtpTransport, type MailTransport } from './transport';
import { processSingleton } from '@/lib/process/context';
import { afterAttempts, countDue, drainChannel, type DrainResult, type OutboxChannel, type SendResult } from '@/lib/outbox/outbox';
import { outboxWorker } from '@/lib/outbox/worker';

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

/** Instructions and reminders are about paying: once the order is no longer pending they are not sent. */
function notSendingBecause(kind: EmailKind, status: string): string | null {
  if ((kind === 'instructions' || kind === 'reminder') && status !== 'pending') return `Não enviado: o pedido já está ${STATUS_WORDS[status] ?? status}`;
  return null;
}
const STATUS_WORDS: Record<string, string> = { paid: 'pago', refunded: 'reembolsado', canceled: 'cancelado', expired: 'expirado' };

type Detail = { responseCode?: number; transport?: string; messageId?: string };

/** What a row sends: rendered from its order, or from its account token (account-emails.ts). */
async function prepare(row: EmailOutboxRow, now: number): Promise<{ shopName: string; rendered: RenderedEmail } | { skip: string }> {
  const kind = row.kind;
  if (isAccountEmailKind(kind)) return loadAccountEmail({ dedupeKey: row.dedupeKey, kind }, now);
  if (kind === 'cart_reminder') return loadCartReminderEmail(row);
  const data = row.orderId ? await loadEmailData({ orderId: row.orderId, kind, dedupeKey: row.dedupeKey }) : undefined;
  if (!data) return { skip: 'Não enviado: o pedido não existe mais' };
  const skip = notSendingBecause(kind, data.order.status);
  return skip ? { skip } : { shopName: data.shop.name, rendered: renderEmail(data) };
}

async function sendOne(row: EmailOutboxRow, transport: MailTransport, now: number): Promise<SendResult<Detail>> {
  const settings = await getEmailSettings();
  const prepared = await prepare(row, now);
  if ('skip' in prepared) return prepared;
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
    logger().warn({ outboxId: row.id, kind: row.kind, attempt: row.attempts, permanent: f.permanent, reason: f.reason }, 'e-mail not sent');
    return { ok: false, permanent: f.permanent, reason: f.reason, detail: { responseCode: f.responseCode, transport: transport.kind, messageId } };
  }
  return { ok: true, detail: { transport: transport.kind, messageId } };
}

/** The e-mail outbox as a channel of lib/outbox: one row at a time, attempts logged in email_attempts. */
export function emailChannel(opts: WorkerOptions & { transport: MailTransport }): OutboxChannel<EmailOutboxRow, Detail> {
  const o = { ...DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) } as typeof DEFAULTS;
  return {
    name: 'email',
    table: emailOutbox,
    keyed: (keys) => inArray(emailOutbox.dedupeKey, [...keys]),
    claimedStatus: 'sending',
    leaseMs: o.leaseMs,
    retryDelayMs: (attempt) => backoffMs(attempt, o.backoffBaseMs, o.maxBackoffMs),
    givesUp: afterAttempts(o.maxAttempts),
    givenUpReason: (reason, attempt) => `${reason} (desistimos após ${attempt} tentativas)`,
    send: (row, now) => sendOne(row, opts.transport, now),
    settle: ({ row, outcome, reason, detail, attempt, startedAt, endedAt }, tx) => ({
      set: {
        lastError: reason,
        sentAt: outcome === 'sent' ? iso(endedAt) : null,
        transport: detail?.transport ?? row.transport,
        messageId: detail?.messageId ?? row.messageId,
        updatedAt: iso(endedAt),
      },
      *also() {
        yield* write(
          tx.insert(emailAttempts).values({
            outboxId: row.id,
            attempt,
            outcome,
            error: reason,
            responseCode: detail?.responseCode ?? null,
            durationMs: Math.max(0, endedAt - startedAt),
            at: iso(endedAt),
          }),
        );
      },
    }),
  };
}

export type { DrainResult };

/**
 * Sends every due row, one at a time, until none is due, `maxRows` were handled or
 * `deadlineMs` passed (the cron route's time box). Safe to run anywhere at the same time.
 * `keys`: only the rows with these dedupe keys (a request's after-pass, lib/server/after-pass.ts).
 */
export async function drainOutbox(opts: WorkerOptions & { maxRows?: number; deadlineMs?: number; transport?: MailTransport; keys?: readonly string[] } = {}): Promise<DrainResult> {
  const transport = opts.transport ?? mailTransport();
  if (!transport) return { sent: 0, retry: 0, failed: 0, skipped: 0 };
  return drainChannel(emailChannel({ ...opts, transport }), { ...opts, maxRows: opts.maxRows ?? (opts.keys ? opts.keys.length : undefined) });
}

/** Rows due now (the cron route reports what it left). */
export async function outboxWorkLeft(now = Date.now()): Promise<number> {
  return countDue({ table: emailOutbox, claimedStatus: 'sending' }, now);
}

// ---------- in-process worker (one Node host) ----------

export const WORKER_INTERVAL_MS = 5_000;
const REMINDER_SCAN_EVERY_MS = 10 * 60_000;
const loopOptions = processSingleton<{ options: WorkerOptions; reminderAt?: number }>('email.loop-options', () => ({ options: {} }));

/**
 * The e-mail channel's loop, cron pass and after-pass (lib/jobs/jobs.ts). Before a loop pass,
 * every 10 minutes, the reminders that fell due are queued; the cron queues them on every run.
 */
export const emailWorker = outboxWorker<EmailOutboxRow, Detail>({
  name: 'email',
  intervalMs: WORKER_INTERVAL_MS,
  enabled: () => mailTransport() !== null,
  channel: () => emailChannel({ ...loopOptions().options, transport: mailTransport()! }),
  before: async ({ via, now }) => {
    const state = loopOptions();
    if (via === 'after-pass') return;
    if (via === 'loop' && state.reminderAt && now - state.reminderAt < REMINDER_SCAN_EVERY_MS) return;
    state.reminderAt = now;
    const { enqueueDueReminders } = await import('./reminders');
    await enqueueDueReminders();
  },
  // Something was enqueued (its transaction committed): send soon instead of at the next tick.
  exposeKick: setOutboxKick,
});

/** Starts draining every few seconds (and right after a kick). No-op when e-mails are off. */
export function startOutboxWorker(options: WorkerOptions & { intervalMs?: number } = {}): void {
  loopOptions().options = options;
  emailWorker.start({ intervalMs: options.intervalMs, before: options.beforeDrain });
}

export async function stopOutboxWorker(): Promise<void> {
  await emailWorker.stop();
}
