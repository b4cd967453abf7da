/**
 * Webhook signatures (docs/payment-api-contract.md, Webhooks): X-Pagou-Timestamp = Unix seconds,
 * X-Pagou-Signature = lowercase hex HMAC-SHA256 of timestamp + raw body, keyed with the API
 * key; an optional "sha256=" prefix; compared in constant time; more than 300 s away from our
 * clock is stale. Pure (node:crypto only).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureVerdict = 'valid' | 'invalid' | 'stale' | 'absent';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signWebhook(key: string, timestamp: string, rawBody: Uint8Array | string): string {
  return createHmac('sha256', key).update(timestamp, 'utf8').update(rawBody).digest('hex');
}

export function verifyWebhookSignature(o: {
  key: string;
  signature: string | null;
  timestamp: string | null;
  rawBody: Uint8Array;
  nowMs?: number;
}): SignatureVerdict {
  if (o.signature === null || o.signature.trim() === '') return 'absent';
  const timestamp = (o.timestamp ?? '').trim();
  if (!/^\d{1,12}$/.test(timestamp)) return 'invalid';
  const expected = Buffer.from(signWebhook(o.key, timestamp, o.rawBody), 'hex');
  // One header may carry several signatures (key rotation): any that matches is enough.
  const candidates = o.signature.split(',').map((s) => s.trim().replace(/^sha256=/i, '').toLowerCase());
  let matched = false;
  for (const c of candidates) {
    if (!/^[0-9a-f]{64}$/.test(c)) continue;
    if (timingSafeEqual(Buffer.from(c, 'hex'), expected)) matched = true;
  }
  if (!matched) return 'invalid';
  const nowSeconds = (o.nowMs ?? Date.now()) / 1000;
  return Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS ? 'stale' : 'valid';
}
