/**
 * lib/checkout's face, above lib/payments: the cart, placing an order from the checkout, a
 * link or a subscription's cycle, the checkout's drafts (saved, restored, reminded, the
 * abandoned list and its job, loaded on demand by lib/jobs), offers and the buyer's order
 * page. The other doors: words.ts (the form's fields and words, browser-safe),
 * sessions/sessions.ts (a checkout session as the shop keeps it, below lib/payments) and
 * sessions/api/routes.ts (the session's routes: /api/v1 and paying one, above lib/public-api).
 */
export { cartPromotions, type CartPromotions, nudgeText, type ShippingNudge } from './cart-promotions';
export { MAX_QUANTITY } from './cart/cart-cookie';
export { clearCart, readCart, writeCartLines } from './cart/cart';
export { addProduct, positiveInt, removeProduct, replaceCart, setProductQuantity } from './cart/mutations';
export { cartDeliveryOptions, productDeliveryOptions } from './delivery-quote';
export { draftCookie } from './draft-cookie';
export { draftPrefill, linkDraftPrefill, sessionDraftPrefill } from './draft-prefill';
export { draftSourceOf, saveCheckoutDraft } from './draft';
export { ABANDONED_CSV_HEADER, ABANDONED_SOURCE_LABELS, ABANDONED_STATUS_LABELS, abandonedCheckouts, abandonedCsvRow, type AbandonedRow, recoveredIn30Days } from './drafts/abandoned';
export { DRAFT_COOKIE, DRAFT_COOKIE_MAX_AGE_S, parseFields, parseLines } from './drafts/drafts';
export { isExpired } from './drafts/reminders';
export { checkoutPathOf, previewRestore, RESTORE_FAILURE_MESSAGES, restoreDraft, type RestoreFailure, unsubscribeByToken } from './drafts/restore';
export { runDraftScan } from './drafts/scan';
export { parseReminderForm } from './drafts/settings-form';
export { getReminderSteps, type ReminderStep, saveReminderSteps } from './drafts/settings';
export { acceptedOffers, cartOffer, type CheckoutOffer, offerChoices, offerOf, saveOffer } from './offers';
export { attemptNoticeOf, shopOrderPageView } from './order-page';
export type { AppliedCoupon, CheckoutFailure } from './outcome';
export { formValuesOf, parseCheckoutForm } from './parse-form';
export { payLink } from './pay-link';
export { type CycleAddress, deliveryAddressSchema, placeCycleOrder } from './place-cycle';
export { anyShips } from './shipping';
export { submitCheckout } from './submit-checkout';
