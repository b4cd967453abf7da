/**
 * What the provider's statuses mean for the shop, in the app's words: a boleto's number (1–5)
 * and a Pix QR code's string (docs/payment-api-contract.md). Mapped here, inside the client, so
 * that nothing above it reads a provider code: the state machine (lib/payments/state.ts) takes
 * a `ChargeState`. Pure.
 */
import type { ChargeState } from './types';

const BOLETO: Record<number, ChargeState> = { 1: 'pending', 2: 'pending', 3: 'canceled', 4: 'paid', 5: 'refunded' };
const PIX: Record<string, ChargeState> = { empty: 'pending', active: 'pending', canceled: 'canceled', completed: 'paid', refunded: 'refunded' };

/** Boleto 1,2 → pending; 3 → canceled; 4 → paid; 5 → refunded. Pix empty/active → pending, completed → paid… Anything else: unknown. */
export function chargeStateOf(method: 'pix' | 'boleto', providerStatus: string | number): ChargeState {
  if (method === 'boleto') {
    const n = typeof providerStatus === 'number' ? providerStatus : /^\d+$/.test(providerStatus.trim()) ? Number(providerStatus) : NaN;
    return BOLETO[n] ?? 'unknown';
  }
  const key = String(providerStatus).trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(PIX, key) ? PIX[key] : 'unknown';
}
