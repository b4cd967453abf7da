/**
 * The merchant's balance at the payment provider, for the overview. Never throws: when the
 * API does not answer, the card shows an error with the last value read by this process.
 * Short timeout and one retry, so a slow provider does not hold the card for long.
 */
import 'server-only';
import { userMessage, type PaymentProvider } from '@/lib/payment-provider/client';
import { configuredPaymentProvider } from '@/lib/payments/provider';
import { logger } from '@/lib/server/log';
import { processSlot } from '@/lib/process/context';

export type BalanceReading = { balanceCents: number; at: string };
export type BalanceView = ({ ok: true } & BalanceReading) | { ok: false; error: string; last: BalanceReading | null };

const lastReading = processSlot<BalanceReading>('dashboard.last-balance');

export async function readBalance(api: Pick<PaymentProvider, 'getBalance'> = configuredPaymentProvider({ timeoutMs: 5_000, maxReadRetries: 1 }), now: () => Date = () => new Date()): Promise<BalanceView> {
  try {
    const { balanceCents } = await api.getBalance();
    const reading = { balanceCents, at: now().toISOString() };
    lastReading.set(reading);
    return { ok: true, ...reading };
  } catch (error) {
    logger().warn({ err: error }, 'balance read failed');
    return { ok: false, error: userMessage(error), last: lastReading.get() ?? null };
  }
}
