/**
 * The senders a request's after-pass uses (lib/server/after-pass.ts): the e-mail outbox and the
 * merchant's outbound webhooks the ad pixels' server events and the pushes to the merchant's devices, each limited to the rows the request wrote. Handed in at
 * start-up because they sit in layers above the envelopes that schedule the pass.
 */
import { type Provision } from '@/lib/process/context';
import { afterPassDeliverers, type AfterPassDeliverers } from '@/lib/server/after-pass';
import { drainOutbox } from '@/lib/email/worker';
import { runWebhookWorkerOnce } from '@/lib/public-api/webhook-worker';
import { runPixelSenderOnce } from '@/lib/pixels/sender';
import { runPushSenderOnce } from '@/lib/push/sender';

export const outboxDeliverers: AfterPassDeliverers = {
  email: (keys) => drainOutbox({ keys }),
  event: (keys) => runWebhookWorkerOnce({ keys }),
  pixel: (keys) => runPixelSenderOnce({ keys }),
  push: (keys) => runPushSenderOnce({ keys }),
};

/** Every request of this process delivers its outbox rows after its response. */
export function installAfterPass(): void {
  afterPassDeliverers.set(outboxDeliverers);
}

/** The same for a test's process context (`startProcessContext([afterPassProvision()])`). */
export function afterPassProvision(): Provision {
  return afterPassDeliverers.provide(outboxDeliverers);
}
