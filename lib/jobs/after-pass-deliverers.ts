/**
 * The senders a request's after-pass uses (lib/server/after-pass.ts): the e-mail outbox and the
 * merchant's outbound webhooks and the ad pixels' server events, each limited to the rows the request wrote. Handed in at
 * start-up because they sit in layers above the envelopes that schedule the pass.
 */
import { type Provision } from '@/lib/process/context';
import { afterPassDeliverers, type AfterPassDeliverers } from '@/lib/server/after-pass';
import { drainOutbox } from '@/lib/email/worker';
import { runWebhookWorkerOnce } from '@/lib/public-api/webhook-worker';
import { runPixelSenderOnce } from '@/lib/pixels/sender';
import { whatsappKeyOfEmailKey } from '@/lib/whatsapp/enqueue';
import { drainWhatsapp } from '@/lib/whatsapp/sender';

export const outboxDeliverers: AfterPassDeliverers = {
  // The buyer's WhatsApp messages are written beside their e-mails, keyed alike: one pass each,
  // apart, so a failed WhatsApp never holds the e-mail back.
  email: (keys) => Promise.all([drainOutbox({ keys }), drainWhatsapp({ keys: keys.map(whatsappKeyOfEmailKey) }).catch(() => undefined)]),
  event: (keys) => runWebhookWorkerOnce({ keys }),
  pixel: (keys) => runPixelSenderOnce({ keys }),
};

/** Every request of this process delivers its outbox rows after its response. */
export function installAfterPass(): void {
  afterPassDeliverers.set(outboxDeliverers);
}

/** The same for a test's process context (`startProcessContext([afterPassProvision()])`). */
export function afterPassProvision(): Provision {
  return afterPassDeliverers.provide(outboxDeliverers);
}
