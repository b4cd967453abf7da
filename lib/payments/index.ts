/**
 * lib/payments' face for the server: placing a charge (lib/checkout), an order's later attempts,
 * the merchant's cancel, refunds and resend, the webhook's intake, the buyer's page's throttled
 * fetch-back, the balance and the health check's client. The other doors: forms.ts (the refund
 * forms, pure and browser-safe) and reconcile.ts (checking one order or all with the provider,
 * from the dashboard or as lib/jobs' job, loaded on demand).
 */
export { pixAttemptOffer } from './attempt-terms';
export { ATTEMPT_MESSAGES, newPixAttempt, switchToPix } from './attempts';
export { readBalance } from './balance';
export { chargeTerms } from './charge-request';
export { type CreateInputs, createInputsOf, createInputsQueries, type CreateOutcome, openAttempt, sendCreate, submitCreate } from './create-charge';
export type { PaymentEventType } from './events';
export { recordManualRefund } from './manual-refund';
export { cancelOrderPayment, refundDoublePayment, refundOrderPayment } from './merchant-actions';
export { configuredPaymentProvider } from './provider';
export { refreshSoon } from './refresh';
export { resendInstructions } from './resend-instructions';
export { returnOrderStock } from './return-stock';
export { handlePaymentWebhook } from './webhook-intake';
