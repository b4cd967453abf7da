/**
 * Brings one payment in line with the provider: reads the charge or QR code back and applies
 * what it says (apply.ts); a payment whose create answer was lost is re-sent with the same
 * key and body once it is older than 30 s, and given up after 24 h.
 * Used by the webhook intake, reconciliation, the buyer's page and merchant actions.
 */
import 'server-only';
import type { Payment } from '@/db/schema';
import { isPaymentProviderError } from '@/lib/payment-provider/client';
import { paymentProvider } from './provider';
import { coalescedRead } from './coalesced-read';
import { applyObservation, type ApplyExtras, type ApplyResult } from './apply';
import type { EventSource } from './events';
import { markCreateFailed, submitCreate } from './create-charge';
import { observationOfBoleto, observationOfPix, type Observation } from './observation';

/** A create in flight may take this long before a retry is safe to send alongside it. */
export const CREATE_RETRY_AFTER_MS = 30_000;
/** After this, a create that never got an answer is given up (order expired). */
export const CREATE_GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/** GET the charge (boleto) or QR code (Pix) by its provider id. Throws PaymentProviderError. */
/**
 * Reads the payment from the provider. Concurrent reads of one payment are coalesced
 * (coalesced-read.ts): a caller shares, at most, a read that started after it asked.
 */
export async function readProvider(payment: Pick<Payment, 'method' | 'providerId'>): Promise<Observation> {
  const providerId = payment.providerId;
  if (!providerId) throw new Error('payment has no provider id yet');
  return coalescedRead(`${payment.method}:${providerId}`, async () =>
    payment.method === 'pix' ? observationOfPix(await paymentProvider().getPix(providerId)) : observationOfBoleto(await paymentProvider().getBoleto(providerId)),
  );
}

export type SyncResult = {
  /** The provider was asked (a read, or a create re-sent). */
  checked: boolean;
  changed: boolean;
  apply?: ApplyResult;
  error?: unknown;
};

/** What syncing needs of a payment (the webhook intake passes only these). */
export type SyncTarget = Pick<Payment, 'id' | 'createState' | 'createdAt' | 'method' | 'providerId'> &
  Partial<Pick<Payment, 'status' | 'supersededAt' | 'cancelRequestedAt'>>;

export async function syncPayment(payment: SyncTarget, source: EventSource, extras: ApplyExtras = {}, now = Date.now()): Promise<SyncResult> {
  if (payment.createState === 'failed') return { checked: false, changed: false };
  if (payment.createState === 'creating') return resumeCreate(payment, source, now);
  try {
    // A replaced attempt still open at the provider (the switch's cancel was lost, or the
    // process died before sending it): cancel it before reading, so the read says how it ended.
    if (payment.supersededAt && payment.cancelRequestedAt && payment.status === 'pending') await cancelAtProvider(payment);
    const obs = await readProvider(payment);
    const apply = await applyObservation(payment.id, obs, source, extras);
    return { checked: true, changed: apply.changed, apply };
  } catch (error) {
    return { checked: true, changed: false, error };
  }
}

async function resumeCreate(payment: SyncTarget, source: EventSource, now: number): Promise<SyncResult> {
  const age = now - Date.parse(payment.createdAt);
  if (age > CREATE_GIVE_UP_AFTER_MS) {
    const changed = await markCreateFailed(payment.id, 'no answer to the create request for 24 h', source);
    return { checked: false, changed };
  }
  if (age < CREATE_RETRY_AFTER_MS) return { checked: false, changed: false };
  const outcome = await submitCreate(payment.id, { source, onRefused: 'fail' });
  if (outcome.kind === 'in_doubt') return { checked: true, changed: false, error: outcome.error };
  return { checked: true, changed: outcome.kind === 'created' || outcome.kind === 'refused' };
}

/**
 * Asks the provider to cancel a charge (DELETE). A refusal (already paid, already canceled,
 * not active yet) is not an error here: the read that follows says what the charge is.
 */
export async function cancelAtProvider(payment: Pick<Payment, 'method' | 'providerId'>): Promise<void> {
  if (!payment.providerId) return;
  try {
    if (payment.method === 'pix') await paymentProvider().cancelPix(payment.providerId);
    else await paymentProvider().cancelBoleto(payment.providerId);
  } catch (error) {
    if (!isPaymentProviderError(error) || (error.kind !== 'rejected' && error.kind !== 'validation' && error.kind !== 'not_found')) throw error;
  }
}
