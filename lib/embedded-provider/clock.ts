/**
 * The shop's clock for its own time-driven work (abandoned-checkout reminders): with the
 * embedded sandbox as the provider it is the sandbox's clock (real time plus the offset that
 * `POST /api/sandbox/sim/clock` moves), so a demo or a test shows a reminder by moving time;
 * with a real provider it is real time (docs/reference.md).
 */
import 'server-only';
import { sandboxNow } from '@balcao/payment-sandbox';
import { env } from '@/lib/config/env';
import { defaultSandbox } from './index';

export function shopNow(): number {
  const e = env();
  if (!e.usingSandbox || !e.sandboxEnabled) return Date.now();
  return sandboxNow(defaultSandbox());
}
