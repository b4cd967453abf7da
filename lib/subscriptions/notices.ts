/**
 * What the subscriber (and, for a sold-out cycle, the merchant) is told, as e-mail outbox rows
 * written in the transaction of the change, keyed on it (lib/email renders them: kind
 * 'subscription', the notice named in the key). The cycle's own "Sua assinatura: pague a próxima
 * entrega" is the cycle order's instructions e-mail, worded for a subscription.
 *
 * WhatsApp (another channel of the outbox) hooks in here: `SUBSCRIPTION_NOTICE_CHANNELS` lists
 * the channels a notice goes through; a channel registered for 'subscription' notices adds its row
 * beside the e-mail's, under the same key.
 */
import type { Tx } from '@/db';
import type { Step } from '@/db/driver';
import { MERCHANT_RECIPIENTS, queueEmail } from '@/lib/email';
import { noticeKey } from './keys';

export const NOTICES = ['activated', 'paused', 'resumed', 'canceled', 'suspended', 'price_change', 'sold_out', 'sold_out_merchant', 'changed'] as const;
export type Notice = (typeof NOTICES)[number];

export type NoticeChannel = (tx: Tx, n: { key: string; subscriptionId: string; orderId: string; notice: Notice }) => Generator<Step, void, unknown>;
/** Channels besides e-mail (WhatsApp where the subscriber consented) register here at start-up. */
export const SUBSCRIPTION_NOTICE_CHANNELS: NoticeChannel[] = [];

export function* queueNotice(tx: Tx, sub: { id: string; firstOrderId: string | null }, notice: Notice, occasion: string | number): Generator<Step, void, unknown> {
  // Every subscription has its first order (the checkout's): the outbox row hangs on it.
  if (!sub.firstOrderId) return;
  const key = noticeKey(sub.id, notice, occasion);
  yield* queueEmail(tx, { key, orderId: sub.firstOrderId, kind: 'subscription', ...(notice === 'sold_out_merchant' ? { recipient: MERCHANT_RECIPIENTS } : {}) });
  for (const channel of SUBSCRIPTION_NOTICE_CHANNELS) yield* channel(tx, { key, subscriptionId: sub.id, orderId: sub.firstOrderId, notice });
}
