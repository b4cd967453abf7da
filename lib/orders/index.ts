/**
 * lib/orders' face, below lib/payments: an order's money lines, delivery and notes, the buyer's
 * order page's reads, and the dashboard's list, filters, search and figures. The other doors:
 * pricing.ts (pricing a cart, a link, a session, a coupon; pure, shared with the browser),
 * words.ts (labels and limits, pure and browser-safe) and admin/index.ts (one order as the
 * merchant sees it, above lib/payments).
 */
export { endOfSaoPauloDay } from './deadline';
export { addressLines, deliveryOf, formatCep, shippingValue } from './delivery';
export { itemsSummaryOf } from './items-summary';
export { type MoneyLines, type OrderMoney, orderMoneyLines } from './money-lines';
export { addOrderNote, noteSchema } from './notes';
export { currentChip, ORDER_CHIPS, type OrderChipKey } from './order-chips';
export { hasAnyFilter, type OrderFilters, orderQueryString, parseOrderQuery } from './order-filters';
export { countToShip, listOrders, listToShip, type OrderListRow, ordersForExport } from './orders-query';
export { originChoices, salesByOriginOnDays } from './origin-sales';
export { type DayRevenue, overviewStats, type OverviewStats } from './overview';
export { periodStats, type PeriodStats } from './period-stats';
export { type Change, chartPeriodLabel, comparedWith, type DayRange, formatChange, parsePeriod, type Period, PERIOD_LABELS, PERIODS, revenueTitle } from './periods';
export { orderStatusByToken, type OrderView, orderViewByToken, providerChargeIdByToken, reorderLinesByToken } from './queries';
export { countSearch, scopeSearch, SEARCH_RATE_LIMITED_MESSAGE, searchableFilters } from './search-scope';
