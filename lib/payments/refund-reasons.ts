/** The API's refund reasons (docs/payment-api-contract.md, "Refund"), in the merchant's words. Browser-safe. */
export const REFUND_REASON_LABELS = {
  1: 'Erro bancário',
  2: 'Suspeita de fraude',
  3: 'Solicitado pelo cliente',
  4: 'Erro no Pix Saque/Troco',
} as const;

export type RefundReason = keyof typeof REFUND_REASON_LABELS;
export const REFUND_REASONS = [1, 2, 3, 4] as const satisfies readonly RefundReason[];
