/**
 * Coalesces the provider reads of one payment, without ever answering a caller with a read
 * that started before it asked: at most one read in flight per key, and every caller that
 * arrives while it runs shares the NEXT read, which starts when the current one ends.
 *
 * A storm of duplicate webhooks (or a leaked notification URL being replayed) then costs at
 * most two provider reads at a time per payment instead of one per delivery, and each
 * delivery is still applied from a read made after it arrived — the fetch-back guarantee.
 */
import { processSingleton } from '@/lib/process/context';

type Gate = { running: Promise<unknown>; next?: Promise<unknown> };
const gates = processSingleton('payments.coalesced-reads', () => new Map<string, Gate>());

const ignore = () => undefined;

function start<T>(id: string, read: () => Promise<T>): Promise<T> {
  const running = Promise.resolve().then(read);
  const gate: Gate = { running };
  gates().set(id, gate);
  const settle = () => {
    if (gates().get(id) === gate && !gate.next) gates().delete(id);
  };
  running.then(settle, settle);
  return running;
}

export function coalescedRead<T>(id: string, read: () => Promise<T>): Promise<T> {
  const gate = gates().get(id);
  if (!gate) return start(id, read);
  gate.next ??= gate.running.then(ignore, ignore).then(() => {
    if (gates().get(id) === gate) gates().delete(id);
    return start(id, read);
  });
  return gate.next as Promise<T>;
}
