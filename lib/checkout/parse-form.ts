/**
 * The shop's checkout form → the order's details, through the order's own schema
 * (lib/checkout/order-input.ts, the same one placeOrder checks). Pix with nothing to ship asks
 * for name, CPF/CNPJ, e-mail and the phone (required only when the shop says so); a cart with
 * something to ship adds the delivery address
 * (unless the buyer picks up at the shop); boleto needs the payer's address, which is the
 * delivery address unless "Mesmo endereço da entrega" is unticked. Each field gets its first
 * Portuguese message.
 */
import type { z } from 'zod';
import { ADDRESS_FIELDS, BILLING_FIELDS, BUYER_FIELDS, FORM_FIELDS, billingFieldOf, type FieldErrors, type FormValues } from '@/lib/checkout/fields';
import { fieldErrorsOf, schemasFor, type CheckoutDetails } from '@/lib/checkout/order-input';
import { typedValues } from '@/lib/forms/typed-values';

/** The form's fields as strings (a missing or file field is ""). */
export function formValuesOf(form: FormData | Record<string, unknown>): FormValues {
  return typedValues(form, FORM_FIELDS, { maxLength: 1000 });
}

export type ParsedForm = { ok: true; data: CheckoutDetails } | { ok: false; fieldErrors: FieldErrors };

const pick = <K extends string>(values: FormValues, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, values[k as keyof FormValues]]));

const BILLING_KEYS = ['zip', 'street', 'number', 'neighborhood', 'city', 'state'] as const;

/** What the form means, given whether the cart has something to ship (the server reads the cart). */
export function formShape(values: FormValues, needsDelivery: boolean) {
  const pickup = values.shipping === 'pickup';
  const delivering = needsDelivery && !pickup;
  // "Mesmo endereço da entrega" is the default: only an unticked box (sameAddress=off) asks for another.
  const sameAddress = values.sameAddress !== 'off';
  const separateBilling = values.method === 'boleto' && delivering && !sameAddress;
  return { delivering, separateBilling, shipping: needsDelivery ? (pickup ? 'pickup' : 'delivery') : 'delivery' } as const;
}

/** `phoneRequired`: the shop's "Exigir celular (WhatsApp)" (lib/payment-settings `requireBuyerPhone`). */
export function parseCheckoutForm(input: FormValues, opts: { needsDelivery: boolean; phoneRequired?: boolean }): ParsedForm {
  const values = formValuesOf(input);
  const shape = formShape(values, opts.needsDelivery);
  const block = pick(values, ADDRESS_FIELDS);
  const billing = shape.separateBilling
    ? Object.fromEntries(BILLING_KEYS.map((k, i) => [k, values[BILLING_FIELDS[i]]]))
    : Object.fromEntries(BILLING_KEYS.map((k) => [k, block[k]]));
  const r = schemasFor({ phoneRequired: opts.phoneRequired }).checkoutDetails.safeParse({
    checkoutKey: values.checkoutKey,
    method: values.method,
    buyer: { ...pick(values, BUYER_FIELDS), ...(values.whatsappConsent === 'on' ? { whatsappConsent: true } : {}) },
    address: billing,
    shipping: shape.shipping,
    ...(shape.delivering ? { delivery: block, freight: values.freight } : {}),
    coupon: values.coupon,
    note: values.note,
  });
  if (r.success) return { ok: true, data: r.data };
  return { ok: false, fieldErrors: errorsOf(r.error.issues, shape.separateBilling) };
}

/** The payer's address errors belong to the billing fields when those were used. */
function errorsOf(issues: readonly z.core.$ZodIssue[], separateBilling: boolean): FieldErrors {
  if (!separateBilling) return fieldErrorsOf(issues);
  const own = fieldErrorsOf(issues.filter((i) => i.path[0] !== 'address'));
  const payer = fieldErrorsOf(issues.filter((i) => i.path[0] === 'address'));
  for (const k of BILLING_KEYS) if (payer[k]) own[billingFieldOf(k)] ??= payer[k];
  return own;
}
