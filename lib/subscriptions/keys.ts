/** The derived keys that make a subscription's work happen once (pure). */
import { createHash } from 'node:crypto';

/**
 * The checkout key of cycle `n`'s order: a UUID derived from the subscription and the cycle, so
 * every process that places that cycle names the same order (orders.checkout_key is unique).
 */
export function cycleCheckoutKey(subscriptionId: string, n: number): string {
  const h = createHash('sha256').update(`subscription:${subscriptionId}:cycle:${n}`).digest('hex');
  // Shaped as a version-8 (custom) UUID: the checkout's schema takes only UUIDs.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** An e-mail's outbox key: one per subscription, notice and occasion. */
export function noticeKey(subscriptionId: string, notice: string, occasion: string | number): string {
  return `sub:${subscriptionId}:${notice}:${occasion}`;
}
