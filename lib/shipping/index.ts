/**
 * lib/shipping's face for the server: the shop's rules and their form, Melhor Envio (settings,
 * connection test, client, labels, the embedded sandbox's route), the checkout's delivery
 * options and their cache, the delivery promise written in the paying transaction. The other
 * door: words.ts (pure: the calculator, the regions, the form's fields, for the browser too).
 */
export { carrierFormValues, parseCarrierForm } from './carrier-form';
export {
  carrierClient,
  carrierSandbox,
  carrierSettingsOf,
  connectionOf,
  EMBEDDED_PATH,
  getCarrierSettings,
  LABEL_TIMEOUT_MS,
  labelPdfBytes,
  quotesWithCarrier,
  saveCarrierSettings,
  testConnection,
  testConnectionWithToken,
  type CarrierSettings,
} from './carrier';
export { deliveryDaysQuery, renewDeliveryPromise } from './delivery-promise';
export { CarrierError, type LabelParty, type MelhorEnvio } from './melhor-envio';
export { addWorkingDays, clearQuoteCache, deliveryOptions, optionDays, quoteProducts, type CartParcel, type DeliveryOption, type DeliveryOptions } from './options';
export { quoteShipping, type ShippingQuote, type ShippingRules } from './quote';
export { REGIONS, UFS_BY_REGION } from './regions';
export { parseShippingForm, PICKUP_ADDRESS_MAX, regionField, shippingFormValues, ufField } from './settings-form';
export { getShippingRules, rulesOf, saveShippingRules } from './settings';
