/**
 * The shop's checkout form → the order's details, through the order's own schema
 * (lib/orders/order-input.ts, the same one placeOrder checks): Pix asks for name, CPF/CNPJ and
 * e-mail; boleto adds the address the API requires. Each field gets its first Portuguese message.
 */
import { ADDRESS_FIELDS, BUYER_FIELDS, FORM_FIELDS, type FieldErrors, type FormValues } from '@/lib/orders/fields';
import { checkoutDetailsSchema, fieldErrorsOf, type CheckoutDetails } from '@/lib/orders/order-input';

/** The form's fields as strings (a missing or file field is ""). */
export function formValuesOf(form: FormData | Record<string, unknown>): FormValues {
  const get = (k: string) => (form instanceof FormData ? form.get(k) : form[k]);
  const out: FormValues = {};
  for (const field of FORM_FIELDS) {
    const v = get(field);
    out[field] = typeof v === 'string' ? v.slice(0, 1000) : '';
  }
  return out;
}

export type ParsedForm = { ok: true; data: CheckoutDetails } | { ok: false; fieldErrors: FieldErrors };

const pick = <K extends string>(values: FormValues, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, values[k as keyof FormValues]]));

/** Validates the form; for boleto also the address. */
export function parseCheckoutForm(input: FormValues): ParsedForm {
  const values = formValuesOf(input);
  const r = checkoutDetailsSchema.safeParse({
    checkoutKey: values.checkoutKey,
    method: values.method,
    buyer: pick(values, BUYER_FIELDS),
    address: pick(values, ADDRESS_FIELDS),
  });
  return r.success ? { ok: true, data: r.data } : { ok: false, fieldErrors: fieldErrorsOf(r.error.issues) };
}
