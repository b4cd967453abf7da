/**
 * "An outbox row was just committed": the in-process worker, when one runs, sends it now
 * instead of at its next tick. A tiny hook so the payment writer does not load the worker
 * (nodemailer) on its own: the worker registers itself here when it starts.
 */
const key = Symbol.for('balcao.email.kick');
const holder = globalThis as unknown as { [key]?: () => void };

export function setOutboxKick(fn: (() => void) | undefined): void {
  holder[key] = fn;
}

export function kickOutbox(): void {
  holder[key]?.();
}
