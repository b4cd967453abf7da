/**
 * The merchant's balance at the payment provider, for the overview. Never throws: when the
 * API does not answer, the card shows an error with the last value read by this process.
 * Short timeout and one retry, so a slow provider does not hold the card for long.
 */
import 'server-only';
import { userMessage, type PaymentApi } from '@/lib/payment-api/client';
import { providerApi } from '@/lib/payments/api';
import { logger } from '@/lib/server/log';

export type BalanceReading = { balanceCents: number; at: string };
export type BalanceView = ({ ok: true } & BalanceReading) | { ok: false; error: string; last: BalanceReading | null };

const key = Symbol.for('balcao.dashboard.last-balance');
const holder = globalThis as unknown as { [key]?: BalanceReading };

export async function readBalance(api: Pick<PaymentApi, 'getBalance'> = providerApi({ timeoutMs: 5_000, maxReadRetries: 1 }), now: () => Date = () => new Date()): Promise<BalanceView> {
  try {
    const { balanceCents } = await api.getBalance();
    const reading = { balanceCents, at: now().toISOString() };
    holder[key] = reading;
    return { ok: true, ...reading };
  } catch (error) {
    logger().warn({ err: error }, 'balance read failed');
    return { ok: false, error: userMessage(error), last: holder[key] ?? null };
  }
}

/** Tests only. */
export function forgetLastBalanceForTests(): void {
  delete holder[key];
}
