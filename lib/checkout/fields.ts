/** The checkout form's field names and shared words (no dependencies: imported by the client form). */

export const FORM_FIELDS = ['checkoutKey', 'method', 'name', 'document', 'email', 'zip', 'street', 'number', 'neighborhood', 'city', 'state'] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FormValues = Partial<Record<FormField, string>>;
/** Keys as placeOrder reports them, plus "items" (the cart) and "method". */
export type FieldErrors = Partial<Record<FormField | 'items', string>>;

export const ADDRESS_FIELDS = ['zip', 'street', 'number', 'neighborhood', 'city', 'state'] as const;

/** The general message when fields are in error (each field carries its own). */
export const CHECK_FIELDS_MESSAGE = 'Confira os campos destacados.';
