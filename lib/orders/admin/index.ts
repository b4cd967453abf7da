/**
 * lib/orders/admin's face (one order as the merchant sees it, above lib/payments): the order's
 * page and its timeline, the order an action works on, the list's selection for bulk actions
 * and the CSV export.
 */
export { exportFileName, ORDER_CSV_HEADER, orderCsvRow } from './csv';
export type { NextAction } from './next-step';
export { getOrderForAction } from './order-detail';
export { orderPageView, type OrderPageView } from './order-page';
export { asSearchParams, parseSelection, selectedOrderIds } from './order-selection';
export { SELECTION_MAX } from './selection-limits';
export type { TimelineEntry } from './timeline';
