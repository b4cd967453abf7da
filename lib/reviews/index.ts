/**
 * lib/reviews' face for the pages that change reviews: the merchant's moderation and settings,
 * the buyer's signed review page. The other doors: display.ts (what the shop's product pages
 * show), words.ts (client-safe words and limits) and request-loop.ts (the job, loaded on demand).
 */
export { moderationPage, replyToReview, REVIEW_STATUS_LABELS, setReviewStatus } from './moderation';
export { readReviewSettings, reviewSettingsSchema, saveReviewSettings } from './settings';
export { ALREADY_REVIEWED, NOT_YET, parseReviewForm, reviewPage, submitReview, TOO_MANY, type SubmitResult } from './submit';
