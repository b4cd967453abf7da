/**
 * The shop's clock for its own time-driven work (reminders, charges' due dates): with the
 * embedded sandbox as the provider it is the sandbox's clock (real time plus the offset that
 * `POST /api/sandbox/sim/clock` moves), so a demo or a test shows a reminder by moving time;
 * with a real provider it is real time (docs/reference.md).
 */
import 'server-only';
import { saoPauloDate } from '@balcao/br/dates';
import { sandboxNow } from '@balcao/payment-sandbox';
import { env } from '@/lib/config/env';
import { defaultSandbox } from './index';

export function shopNow(): number {
  const e = env();
  if (!e.usingSandbox || !e.sandboxEnabled) return Date.now();
  return sandboxNow(defaultSandbox());
}

/**
 * The shop's São Paulo calendar day: what a charge's due date counts from. The embedded sandbox
 * checks a due date against its own clock, so counting from real time after its clock moved
 * (a demo, or a journey that moves it an hour near midnight) would send a date it refuses.
 */
export function shopToday(): string {
  return saoPauloDate(new Date(shopNow()));
}
