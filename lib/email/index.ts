/**
 * lib/email's face: writing an e-mail to the outbox (an order's, an account's, keyed on its
 * cause and capped per recipient), waking the worker, the saved checkout's links and its
 * reminder's coupon, the settings and their form, the words of kinds and statuses. The other
 * doors: worker.ts (the outbox channel and its worker, loaded on demand by the job list) and
 * catcher.ts (the mail catcher's pages, /sandbox/emails: it reads the merchant's session, which
 * only a request has, so it stays out of the face other features and processes load).
 */
export { enqueueAccountEmail } from './account-emails';
export {
  emailsPerRecipientPerDay,
  normalisedAddress,
  normalisedAddressSql,
  RECIPIENT_CAP_REASON,
  recipientCapCount,
  REMINDER_KINDS,
  RESENDS_PER_ORDER_PER_DAY,
} from './caps';
export { stepCoupon } from './cart-reminder';
export { draftLinkToken, readDraftLinkToken, restorePath } from './draft-links';
export { emailKey, KIND_OF_STATE } from './keys';
export { kickOutbox } from './kick';
export { EMAIL_KIND_LABELS, EMAIL_STATUS_LABELS } from './labels';
export { enqueueEmail, hasEmail, MERCHANT_RECIPIENTS, queueEmail } from './outbox';
export { parseEmailSettingsForm } from './settings-form';
export { getEmailSettings, updateEmailSettings, type EmailSettings } from './settings';
