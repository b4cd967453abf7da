/**
 * lib/shipping's pure door, without server code, for client components too: the calculator of
 * the merchant's rules, the regions and their UFs, the settings form's fields and limits.
 */
export { quoteShipping, type ShippingQuote, type ShippingRules } from './quote';
export { REGIONS, UFS_BY_REGION } from './regions';
export { PICKUP_ADDRESS_MAX, regionField, ufField } from './settings-form';
