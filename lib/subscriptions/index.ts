/**
 * lib/subscriptions' face: a product's plan and its form, "Assinar" (the page and its submit),
 * the subscriber's page and actions, the merchant's changes, the settings, the views (dashboard,
 * overview, CSV, /api/v1/subscriptions) and the calendar's words. The other door: cycles.ts
 * (the cycle job, loaded on demand by the job list).
 */
export { cancelSubscription, confirmPriceChange, pauseSubscription, skipNextCycle } from './manage';
export { parsePlanForm, planFormInitial, planPrice, plansOfProducts, savePlan, type Plan } from './plans';
export {
  apiSubscriptions,
  merchantDetail,
  merchantList,
  recurringRevenue,
  STATUS_LABELS,
  subscriberView,
  subscriptionsCsv,
  type CycleView,
} from './queries';
export { INTERVAL_LABELS, PER_PERIOD } from './schedule';
export { parseSubscriptionSettings, readSubscriptionSettings, saveSubscriptionSettings } from './settings';
export { submitSubscription, subscribeView, type SubscribeFormState } from './subscribe-form';
export { subscriberAction, subscriberNoticeOf } from './subscriber';
