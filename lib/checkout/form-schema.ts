/**
 * The checkout form: what the buyer types, validated with zod, messages in Portuguese next to
 * each field. Pix asks for name, CPF/CNPJ and e-mail; boleto adds the address the API requires.
 * Limits follow payment-api.md (payer.name ≤ 100, street ≤ 200, number ≤ 20, neighborhood and
 * city ≤ 100, zip 8 digits, state one of the 27 UFs). Browser-safe (no server imports).
 */
import { z } from 'zod';
import { checkDocument, documentMessages } from '@/lib/br/documents';
import { isUF, type UF } from '@/lib/br/uf';
import { ADDRESS_FIELDS, CHECK_FIELDS_MESSAGE, FORM_FIELDS, type FieldErrors, type FormField, type FormValues } from './fields';

export { ADDRESS_FIELDS, CHECK_FIELDS_MESSAGE, FORM_FIELDS };
export type { FieldErrors, FormField, FormValues };

export type CheckoutFormData = {
  checkoutKey: string;
  method: 'pix' | 'boleto';
  buyer: { name: string; document: string; email: string };
  address?: { zip: string; street: string; number: string; neighborhood: string; city: string; state: UF };
};

/** Control characters never belong in a name or an address. */
const clean = (v: string) => v.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();

const text = (required: string, max: number, tooLong: string) =>
  z
    .string()
    .transform(clean)
    .pipe(z.string().min(1, { message: required }).max(max, { message: tooLong }));

const nameField = text('Informe seu nome completo.', 100, 'O nome pode ter até 100 caracteres.');

const documentField = z.string().transform((v, ctx) => {
  const r = checkDocument(v);
  if (!r.ok) {
    ctx.addIssue({ code: 'custom', message: documentMessages[r.reason] });
    return z.NEVER;
  }
  return r.digits;
});

const emailField = z
  .string()
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, { message: 'Informe seu e-mail.' })
      .max(254, { message: 'O e-mail pode ter até 254 caracteres.' })
      .pipe(z.email({ message: 'E-mail inválido: confira o endereço (ex.: nome@exemplo.com.br).' })),
  );

const base = z.object({
  checkoutKey: z.uuid({ message: 'Este formulário expirou. Confira os dados e envie de novo.' }),
  method: z.enum(['pix', 'boleto'], { message: 'Escolha Pix ou boleto.' }),
  name: nameField,
  document: documentField,
  email: emailField,
});

const zipField = z.string().transform((v, ctx) => {
  const trimmed = v.trim();
  if (!trimmed) {
    ctx.addIssue({ code: 'custom', message: 'Informe o CEP.' });
    return z.NEVER;
  }
  const digits = trimmed.replace(/[\s.-]/g, '');
  if (!/^\d{8}$/.test(digits)) {
    ctx.addIssue({ code: 'custom', message: 'O CEP tem 8 dígitos (ex.: 01310-100).' });
    return z.NEVER;
  }
  if (/^0+$/.test(digits)) {
    ctx.addIssue({ code: 'custom', message: 'CEP inválido: confira os dígitos.' });
    return z.NEVER;
  }
  return digits;
});

const address = z.object({
  zip: zipField,
  street: text('Informe a rua.', 200, 'A rua pode ter até 200 caracteres.'),
  number: text('Informe o número (ou S/N).', 20, 'O número pode ter até 20 caracteres.'),
  neighborhood: text('Informe o bairro.', 100, 'O bairro pode ter até 100 caracteres.'),
  city: text('Informe a cidade.', 100, 'A cidade pode ter até 100 caracteres.'),
  state: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .refine(isUF, { message: 'Escolha a UF.' })
    .transform((v) => v as UF),
});

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

function collect(issues: z.ZodError['issues'], into: FieldErrors) {
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && (FORM_FIELDS as readonly string[]).includes(key) && !into[key as FormField]) {
      into[key as FormField] = issue.message;
    }
  }
}

export type ParsedForm = { ok: true; data: CheckoutFormData } | { ok: false; fieldErrors: FieldErrors };

/** Validates the form; for boleto also the address. Each field gets its first message. */
export function parseCheckoutForm(input: FormValues): ParsedForm {
  const values = formValuesOf(input);
  const fieldErrors: FieldErrors = {};
  const b = base.safeParse(values);
  if (!b.success) collect(b.error.issues, fieldErrors);
  const method = values.method === 'boleto' ? 'boleto' : values.method === 'pix' ? 'pix' : null;
  let addr: z.infer<typeof address> | undefined;
  if (method === 'boleto') {
    const a = address.safeParse(values);
    if (a.success) addr = a.data;
    else collect(a.error.issues, fieldErrors);
  }
  if (b.success) {
    // A person (CPF) has a first name and a surname; a company (CNPJ) may have a one-word name.
    if (b.data.document.length === 11 && b.data.name.split(' ').length < 2) {
      fieldErrors.name ??= 'Informe nome e sobrenome.';
    }
  }
  if (!b.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return {
    ok: true,
    data: {
      checkoutKey: b.data.checkoutKey,
      method: b.data.method,
      buyer: { name: b.data.name, document: b.data.document, email: b.data.email },
      ...(b.data.method === 'boleto' && addr ? { address: addr } : {}),
    },
  };
}
