/** One function per e-mail kind; each returns the subject, HTML, text and attachments. Pure. */
import type { EmailKind } from '@/db/schema';
import { endedEmail } from './ended';
import { deliveredEmail, readyForPickupEmail, shippedEmail } from './fulfilment';
import { latePaymentEmail, newSaleEmail } from './merchant-alerts';
import { instructionsEmail } from './instructions';
import { paidEmail } from './paid';
import { refundedEmail } from './refunded';
import { reminderEmail } from './reminder';
import { reviewRequestEmail } from './review-request';
import type { EmailData, RenderedEmail } from './types';

const RENDER: Record<EmailKind, (d: EmailData) => RenderedEmail> = {
  instructions: instructionsEmail,
  paid: paidEmail,
  reminder: reminderEmail,
  refunded: refundedEmail,
  canceled: endedEmail,
  expired: endedEmail,
  shipped: shippedEmail,
  ready_for_pickup: readyForPickupEmail,
  delivered: deliveredEmail,
  new_sale: newSaleEmail,
  late_payment: latePaymentEmail,
  review_request: reviewRequestEmail,
};

export function renderEmail(d: EmailData): RenderedEmail {
  return RENDER[d.kind](d);
}

export type { EmailData, RenderedEmail } from './types';
