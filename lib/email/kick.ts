/**
 * "An outbox row was just committed": the in-process worker, when one runs, sends it now
 * instead of at its next tick. A tiny hook so the payment writer does not load the worker
 * (nodemailer) on its own: the worker registers itself here when it starts.
 */
import { processSlot } from '@/lib/process/context';

const kick = processSlot<() => void>('email.kick');

export function setOutboxKick(fn: (() => void) | undefined): void {
  if (fn) kick.set(fn);
  else kick.clear();
}

export function kickOutbox(): void {
  kick.get()?.();
}
