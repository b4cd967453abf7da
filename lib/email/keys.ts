/**
 * Every outbox row is keyed on its cause, so the same cause can never make two e-mails.
 * Pure: shared by the writers, the worker and the tests.
 */
import type { EmailKind } from '@/db/schema';

export const emailKey = {
  instructions: (orderId: string) => `email:${orderId}:instructions`,
  paid: (orderId: string) => `email:${orderId}:paid`,
  refunded: (orderId: string) => `email:${orderId}:refunded`,
  canceled: (orderId: string) => `email:${orderId}:canceled`,
  expired: (orderId: string) => `email:${orderId}:expired`,
  reminder: (orderId: string) => `email:${orderId}:reminder`,
  shipped: (orderId: string) => `email:${orderId}:shipped`,
  readyForPickup: (orderId: string) => `email:${orderId}:ready_for_pickup`,
  delivered: (orderId: string) => `email:${orderId}:delivered`,
  newSale: (orderId: string) => `email:${orderId}:new_sale`,
  latePayment: (orderId: string) => `email:${orderId}:late_payment`,
  reviewRequest: (orderId: string) => `email:${orderId}:review_request`,
  /** The merchant's n-th "Reenviar e-mail" of the instructions (n from 1). */
  resend: (orderId: string, n: number) => `email:${orderId}:instructions:resend:${n}`,
};

/** The e-mail a state entered calls for (pending calls for none). */
export const KIND_OF_STATE: Partial<Record<string, EmailKind>> = {
  paid: 'paid',
  refunded: 'refunded',
  canceled: 'canceled',
  expired: 'expired',
};
