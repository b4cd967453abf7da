/**
 * The senders a request's after-pass uses (lib/server/after-pass.ts): one per outbox channel of
 * the job list (OUTBOX_CHANNELS), each limited to the rows the request wrote. Handed in at
 * start-up because they sit in layers above the envelopes that schedule the pass.
 */
import { type Provision } from '@/lib/process/context';
import { afterPassDeliverers, type AfterPassDeliverers } from '@/lib/server/after-pass';
import { OUTBOX_CHANNELS } from './jobs';

export const outboxDeliverers: AfterPassDeliverers = Object.fromEntries(
  OUTBOX_CHANNELS.map((entry) => [entry.channel, async (keys: string[]) => (await entry.worker()).pass({ via: 'after-pass', keys })]),
);

/** Every request of this process delivers its outbox rows after its response. */
export function installAfterPass(): void {
  afterPassDeliverers.set(outboxDeliverers);
}

/** The same for a test's process context (`startProcessContext([afterPassProvision()])`). */
export function afterPassProvision(): Provision {
  return afterPassDeliverers.provide(outboxDeliverers);
}
