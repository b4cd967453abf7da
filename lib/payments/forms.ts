/**
 * The refund forms ("Reembolsar", "Registrar reembolso manual") and the API's refund reasons in
 * the merchant's words: pure, browser-safe, the same checks in the browser and in the action.
 */
export { MANUAL_REFUND_REASON_MAX, parseManualRefundForm } from './manual-refund-form';
export { amountInputText, parseRefundForm, REFUND_DESCRIPTION_MAX, type RefundFieldErrors } from './refund-form';
export { REFUND_REASON_LABELS, REFUND_REASONS } from './refund-reasons';
