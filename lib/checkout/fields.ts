/**
 * The one list of a checkout's fields and the words they share. No dependencies: the client
 * checkout form imports it, as do the order's schema (order-input.ts) and the form's server side.
 */

/** Who pays: asked for both Pix and boleto ("phone", "Celular (WhatsApp)", optional unless the shop requires it). */
export const BUYER_FIELDS = ['name', 'document', 'email', 'phone'] as const;
/**
 * The address block, in the Correios' order: where the order is delivered when something in it
 * ships; otherwise the boleto payer's address (the API requires one for boleto). The complement
 * is optional and belongs to the delivery only (the API's payer has none).
 */
export const ADDRESS_FIELDS = ['zip', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'] as const;
/** The boleto payer's address when it is not the delivery address ("Mesmo endereço da entrega" unticked). */
export const BILLING_FIELDS = ['billingZip', 'billingStreet', 'billingNumber', 'billingNeighborhood', 'billingCity', 'billingState'] as const;
/** What a person fills in, in screen order (errors are listed in this order). */
export const PERSON_FIELDS = [...BUYER_FIELDS, 'shipping', ...ADDRESS_FIELDS, 'freight', ...BILLING_FIELDS] as const;
/**
 * Everything the checkout form posts ("shipping": delivery | pickup; "sameAddress": the billing box;
 * "freight": the "Forma de entrega" chosen, `<option id>@<centavos shown>`, lib/shipping/options.ts;
 * "note": "Observações para a loja"; "whatsappConsent": "Receber atualizações pelo WhatsApp", "on" when ticked).
 */
export const FORM_FIELDS = ['checkoutKey', 'method', 'sameAddress', ...PERSON_FIELDS, 'coupon', 'note', 'whatsappConsent', 'promotions', 'offer'] as const;

export type BuyerField = (typeof BUYER_FIELDS)[number];
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type BillingField = (typeof BILLING_FIELDS)[number];

/** "zip" → "billingZip". */
export function billingFieldOf(field: Exclude<AddressField, 'complement'>): BillingField {
  return `billing${field[0].toUpperCase()}${field.slice(1)}` as BillingField;
}
export type FormField = (typeof FORM_FIELDS)[number];
/** A payment link's checkout adds the amount, when the buyer chooses it. */
export type FormValues = Partial<Record<FormField | 'amount', string>>;
/** A message per form field, plus "items" (the cart: products, stock, the order's total) and "amount" (a link's buyer-chosen amount). */
export type FieldErrors = Partial<Record<FormField | 'items' | 'amount', string>>;

export function isAddressField(field: string): field is AddressField {
  return (ADDRESS_FIELDS as readonly string[]).includes(field);
}

export function isBillingField(field: string): field is BillingField {
  return (BILLING_FIELDS as readonly string[]).includes(field);
}

/** The general message when fields are in error (each field carries its own). */
export const CHECK_FIELDS_MESSAGE = 'Confira os campos destacados.';
