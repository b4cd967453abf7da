/**
 * POST /api/webhooks/payments/<token> (docs/payment-api-contract.md "Webhooks", docs/reference.md "Routes").
 *
 * The body is never trusted: the per-payment token in the URL says WHICH payment, a valid
 * signature (when present) says WHO sent it, and the state always comes from reading the
 * payment back from the API (fetch-back), applied idempotently and monotonically.
 * The body is logged and used at most for a boleto barcode whose check digits (and amount)
 * are right, when the read did not bring one.
 *
 * 429 rate limited · 413 over 1 MB · 404 unknown token · 401 bad or stale signature ·
 * 503 + Retry-After when the payment cannot be read back (the sender retries; reconciliation
 * is the net) · 200 {"received": true}. Every delivery is one webhook_deliveries row.
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { database, type Tx } from '@/db';
import { write } from '@/db/driver';
import { preparedQuery } from '@/db/statements';
import { payments, type Payment } from '@/db/schema';
import { env } from '@/lib/config/env';
import { isPaymentProviderError } from '@/lib/payment-provider/client';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '@balcao/payment-contract';
import { clientRateKey, hit, hitAlong, type RateDecision, looksLikeToken, tokenHash } from '@/lib/security';
import { logger, redactSecrets } from '@/lib/server/log';
import { readBodyCapped } from '@balcao/server-kit/read-body';
import { applyObservation } from './apply';
import type { Observation } from './observation';
import { CREATE_RETRY_AFTER_MS, readProvider, syncPayment } from './sync';
import { processSingleton } from '@/lib/process/context';
import { boletoExtrasFromBody, parseWebhookBody, type WebhookBody } from './webhook-body';
import { insertDelivery, record, shouldRecord429 } from './webhook-log';
import { verifyWebhookSignature, type SignatureVerdict } from './webhook-signature';

export const MAX_WEBHOOK_BYTES = 1024 * 1024;
export const FETCH_RETRY_AFTER_SECONDS = 5;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

function withBodyExtras(obs: Observation, payment: WebhookTarget, parsed: WebhookBody): Observation {
  if (payment.method !== 'boleto' || obs.artifacts.barcode || payment.hasBarcode) return obs;
  const extras = boletoExtrasFromBody(parsed.data, payment.amountCents);
  return extras.barcode ? { ...obs, artifacts: { ...obs.artifacts, ...extras } } : obs;
}

/**
 * What the intake needs of the payment a token names. Only columns stored at the head of the
 * row: a Pix payment's row carries its QR image (~5 KB) and spills into overflow pages, and
 * every column after the image costs walking them (the barcode only as IS NOT NULL, which
 * SQLite answers from the record header).
 */
export type WebhookTarget = Pick<Payment, 'id' | 'method' | 'createState' | 'providerId' | 'createdAt' | 'amountCents'> & { hasBarcode: boolean };

/** The lookup of a token's payment: a query builder, for either form below. */
function paymentByToken(db: Tx, token: string | ReturnType<typeof sql.placeholder>) {
  return db
    .select({
      id: payments.id,
      method: payments.method,
      createState: payments.createState,
      providerId: payments.providerId,
      createdAt: payments.createdAt,
      amountCents: payments.amountCents,
      hasBarcode: sql<boolean>`${payments.barcode} is not null`.mapWith((v) => Number(v) === 1),
    })
    .from(payments)
    .where(eq(payments.webhookToken, token))
    .limit(1);
}

/** Every delivery starts with this lookup: prepared once per connection. */
const paymentByTokenQuery = preparedQuery((db: Tx) => paymentByToken(db, sql.placeholder('token')).prepare());
/**
 * Targets that can no longer change, by token. Once the provider has answered the create, what
 * the intake reads never changes again: id, method, provider id, amount and creation time are
 * fixed (only a still-creating payment is ever failed or deleted), and `hasBarcode` only goes
 * from false to true — so a boleto is remembered once its barcode is stored. A storm of
 * deliveries for one payment then costs no lookup query. Bounded: the
 * oldest entry goes first. Safe across processes, since nothing cached can change.
 */
const settledTargetsOf = processSingleton('payments.settled-webhook-targets', () => new Map<string, WebhookTarget>());
const SETTLED_TARGETS_MAX = 10_000;

function isSettled(t: WebhookTarget): boolean {
  return t.createState === 'created' && !!t.providerId && (t.method === 'pix' || t.hasBarcode);
}

/** The payment a notification_url token belongs to (undefined for anything else). */
export async function findPaymentByWebhookToken(token: string): Promise<WebhookTarget | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const settledTargets = settledTargetsOf();
  const known = settledTargets.get(token);
  if (known) return known;
  return remembered(token, await paymentByTokenQuery.on(database().db, { token }).get());
}

function remembered(token: string, found: WebhookTarget | undefined): WebhookTarget | undefined {
  const settledTargets = settledTargetsOf();
  if (found && isSettled(found)) {
    if (settledTargets.size >= SETTLED_TARGETS_MAX) settledTargets.delete(settledTargets.keys().next().value!);
    settledTargets.set(token, found);
  }
  return found;
}

/**
 * The token's payment and the delivery's rate-limit hit. Where round trips cost (libSQL), when
 * the payment is not remembered, both in one batch; where they do not (better-sqlite3), the
 * prepared lookup, then the hit. Either way every delivery is counted.
 */
async function targetAndHit(token: string, hash: string): Promise<[WebhookTarget | undefined, RateDecision]> {
  const inTurn = async (): Promise<[WebhookTarget | undefined, RateDecision]> => [await findPaymentByWebhookToken(token), await hit('webhook', hash)];
  if (!looksLikeToken(token) || settledTargetsOf().has(token)) return inTurn();
  return database().byRoundTrips({
    inTurn,
    together: async () => {
      const [limited, [rows]] = await hitAlong('webhook', hash, [paymentByToken(database().db, token)]);
      return [remembered(token, rows[0]), limited];
    },
  });
}

export async function handlePaymentWebhook(req: Request, token: string): Promise<Response> {
  const hash = tokenHash(String(token ?? ''));
  // A child logger only when something is logged (most deliveries log nothing).
  const log = () => logger().child({ webhook: hash });

  const [payment, limited] = await targetAndHit(token, hash);
  const base = { tokenHash: hash, paymentId: payment?.id ?? null };
  const signatureHeader = req.headers.get(SIGNATURE_HEADER);
  // A body not read (rate limited, too large) is never verified: a signature on it counts as invalid.
  const unverified: SignatureVerdict = signatureHeader ? 'invalid' : 'absent';

  if (!limited.ok) {
    if (shouldRecord429(hash)) await record({ ...base, signature: unverified, outcome: 'rejected', httpStatus: 429 });
    log().warn('webhook rate limited');
    return json(429, { error: 'too many requests' }, { 'Retry-After': String(limited.retryAfterSeconds) });
  }

  let raw: Uint8Array | 'too_large';
  try {
    raw = await readBodyCapped(req, MAX_WEBHOOK_BYTES);
  } catch {
    await record({ ...base, signature: unverified, outcome: 'rejected', httpStatus: 400 });
    return json(400, { error: 'unreadable body' });
  }
  if (raw === 'too_large') {
    await record({ ...base, signature: unverified, outcome: 'too_large', httpStatus: 413 });
    return json(413, { error: 'payload too large' });
  }

  const parsed = parseWebhookBody(raw);
  const signature = verifyWebhookSignature({
    key: env().paymentApiKey,
    signature: signatureHeader,
    timestamp: req.headers.get(TIMESTAMP_HEADER),
    rawBody: raw,
  });
  const delivery = { ...base, eventId: parsed.eventId, eventType: parsed.eventType, body: raw, keepBody: !!payment, signature };

  if (!payment) {
    const budget = await hit('webhook', `unknown-token-ip:${clientRateKey(req.headers)}`);
    if (!budget.ok) {
      log().warn('webhooks for unknown tokens rate limited');
      return json(429, { error: 'too many requests' }, { 'Retry-After': String(budget.retryAfterSeconds) });
    }
    await record({ ...delivery, outcome: 'unknown_token', httpStatus: 404 });
    log().info({ eventType: parsed.eventType }, 'webhook for an unknown token');
    return json(404, { error: 'unknown token' });
  }
  if (signature === 'invalid' || signature === 'stale') {
    await record({ ...delivery, outcome: 'rejected', httpStatus: 401 });
    log().warn({ paymentId: payment.id, signature }, 'webhook signature rejected');
    return json(401, { error: signature === 'stale' ? 'stale signature' : 'invalid signature' });
  }

  if (payment.createState === 'failed') {
    await record({ ...delivery, outcome: 'no_change', httpStatus: 200 });
    log().warn({ paymentId: payment.id }, 'webhook for a payment whose create was given up');
    return json(200, { received: true });
  }
  if (payment.createState !== 'created' || !payment.providerId) {
    // The create's answer has not been stored yet: an id in the body is not trusted. Ask again
    // later; a create stuck long enough is re-sent now (same key and body) instead of waiting for reconciliation.
    if (Date.now() - Date.parse(payment.createdAt) > CREATE_RETRY_AFTER_MS) {
      void syncPayment(payment, 'webhook').catch((error) => log().warn({ paymentId: payment.id, err: redactSecrets(String(error)) }, 'create resume failed'));
    }
    await record({ ...delivery, outcome: 'fetch_failed', httpStatus: 503 });
    return json(503, { error: 'payment not ready, retry later' }, { 'Retry-After': String(FETCH_RETRY_AFTER_SECONDS) });
  }

  let obs: Observation;
  try {
    obs = withBodyExtras(await readProvider(payment), payment, parsed);
  } catch (error) {
    const retryAfter = isPaymentProviderError(error) && error.retryAfterSeconds ? Math.min(Math.max(1, Math.ceil(error.retryAfterSeconds)), 300) : FETCH_RETRY_AFTER_SECONDS;
    await record({ ...delivery, outcome: 'fetch_failed', httpStatus: 503 });
    log().warn({ paymentId: payment.id, err: redactSecrets(String(error)) }, 'webhook fetch-back failed');
    return json(503, { error: 'could not read the payment back, retry later' }, { 'Retry-After': String(retryAfter) });
  }

  try {
    // The delivery is logged in the transaction that applies it (one commit); when the change
    // was already applied, that transaction wrote nothing, and it is logged on its own.
    const applied = await applyObservation(payment.id, obs, 'webhook', {
      detail: { eventId: parsed.eventId?.slice(0, 200), eventType: parsed.eventType?.slice(0, 100) },
      alsoWrites: function* (tx, result) {
        yield* write(insertDelivery(tx, { ...delivery, outcome: result.changed ? 'applied' : 'no_change', httpStatus: 200 }));
      },
    });
    if (applied.alreadyApplied) await record({ ...delivery, outcome: 'no_change', httpStatus: 200 });
    if (applied.changed) log().info({ paymentId: payment.id, from: applied.from, to: applied.status, providerStatus: obs.providerStatus }, 'webhook applied');
    return json(200, { received: true });
  } catch (error) {
    await record({ ...delivery, outcome: 'fetch_failed', httpStatus: 503 });
    log().error({ paymentId: payment.id, err: redactSecrets(String(error)) }, 'webhook apply failed');
    return json(503, { error: 'temporarily unavailable, retry later' }, { 'Retry-After': String(FETCH_RETRY_AFTER_SECONDS) });
  }
}
