/** One function per e-mail kind; each returns the subject, HTML, text and attachments. Pure. */
import type { EmailKind } from '@/db/schema';
import { endedEmail } from './ended';
import { instructionsEmail } from './instructions';
import { paidEmail } from './paid';
import { refundedEmail } from './refunded';
import { reminderEmail } from './reminder';
import type { EmailData, RenderedEmail } from './types';

const RENDER: Record<EmailKind, (d: EmailData) => RenderedEmail> = {
  instructions: instructionsEmail,
  paid: paidEmail,
  reminder: reminderEmail,
  refunded: refundedEmail,
  canceled: endedEmail,
  expired: endedEmail,
};

export function renderEmail(d: EmailData): RenderedEmail {
  return RENDER[d.kind](d);
}

export type { EmailData, RenderedEmail } from './types';
