/**
 * The one list of a checkout's fields and the words they share. No dependencies: the client
 * checkout form imports it, as do the order's schema (order-input.ts) and the form's server side.
 */

/** Who pays: asked for both Pix and boleto. */
export const BUYER_FIELDS = ['name', 'document', 'email'] as const;
/** Where the payer lives: boleto only (the API requires it there). */
export const ADDRESS_FIELDS = ['zip', 'street', 'number', 'neighborhood', 'city', 'state'] as const;
/** What a person fills in, in screen order (errors are listed in this order). */
export const PERSON_FIELDS = [...BUYER_FIELDS, ...ADDRESS_FIELDS] as const;
/** Everything the checkout form posts. */
export const FORM_FIELDS = ['checkoutKey', 'method', ...PERSON_FIELDS] as const;

export type BuyerField = (typeof BUYER_FIELDS)[number];
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type FormField = (typeof FORM_FIELDS)[number];
/** A payment link's checkout adds the amount, when the buyer chooses it. */
export type FormValues = Partial<Record<FormField | 'amount', string>>;
/** A message per form field, plus "items" (the cart: products, stock, the order's total) and "amount" (a link's buyer-chosen amount). */
export type FieldErrors = Partial<Record<FormField | 'items' | 'amount', string>>;

export function isAddressField(field: string): field is AddressField {
  return (ADDRESS_FIELDS as readonly string[]).includes(field);
}

/** The general message when fields are in error (each field carries its own). */
export const CHECK_FIELDS_MESSAGE = 'Confira os campos destacados.';
