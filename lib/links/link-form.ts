/**
 * The merchant's "Novo link" form → a validated link, each error in Portuguese on its field,
 * what was typed kept for the form to show again. Amounts are typed the Brazilian way
 * ("1.234,56", "R$ 50") and become integer centavos. Pure and browser-safe.
 */
import { isIsoDate } from '@balcao/br/dates';
import { formatBRL, parseBRLInput } from '@balcao/br/money';
import { MAX_ORDER_CENTS, MIN_ORDER_CENTS } from '@/lib/orders/pricing';
import type { LinkMethods } from '@/db/schema';
import { typedValues } from '@/lib/forms/typed-values';

export const LINK_FIELDS = ['title', 'description', 'amountMode', 'amount', 'minAmount', 'methods', 'pixDiscount', 'allowCoupons', 'expiresOn', 'maxPayments', 'variant'] as const;
export type LinkField = (typeof LINK_FIELDS)[number];
export type LinkFormValues = Record<LinkField, string>;
export type LinkFieldErrors = Partial<Record<LinkField, string>>;

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 500;
/** The API's minimum for both methods. */
export const LINK_MIN_CENTS = MIN_ORDER_CENTS;
/** The boleto's ceiling (the barcode's 10-digit field); Pix allows more, but a link may offer both. */
export const LINK_MAX_CENTS = MAX_ORDER_CENTS;
export const MAX_PAYMENTS_LIMIT = 100_000;

export type NewLink = {
  title: string;
  description: string | null;
  /** Fixed price, or null when the buyer types the amount. */
  amountCents: number | null;
  /** The buyer's minimum when amountCents is null. */
  minAmountCents: number | null;
  methods: LinkMethods;
  pixDiscount: boolean;
  /** "Aceita cupom de desconto": the buyer may type a coupon (off unless ticked). */
  allowCoupons?: boolean;
  /** Last São Paulo day (YYYY-MM-DD) it accepts payments, or null. */
  expiresOn: string | null;
  maxPayments: number | null;
  /** "Variante (SKU)": the catalog variant the link sells, as typed (resolved by lib/links/link-variant.ts); null: none. */
  variantRef?: string | null;
  /** The variant resolved from variantRef (set by the use-case, never by the form). */
  variantId?: number | null;
};

export type LinkFormParse = { ok: true; value: NewLink } | { ok: false; fieldErrors: LinkFieldErrors; values: LinkFormValues };

/** Control characters never belong in a title; runs of spaces become one. */
const oneLine = (v: string) => v.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
/** A description keeps its line breaks (a list of what is included), nothing else invisible. */
const multiLine = (v: string) =>
  v
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** YYYY-MM-DD (a date input) or dd/mm/aaaa (typed where there is no date picker). */
export function parseDateInput(value: string): string | null {
  const v = value.trim();
  if (isIsoDate(v)) return v;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (!m) return null;
  const iso = `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

function amountError(cents: number | null, typed: string, what: 'O valor' | 'O valor mínimo'): string | undefined {
  if (!typed.trim()) return what === 'O valor' ? 'Informe o valor.' : 'Informe o valor mínimo.';
  if (cents === null) return 'Use um valor em reais, como 150,00.';
  if (cents < LINK_MIN_CENTS) return `${what} deve ser de pelo menos ${formatBRL(LINK_MIN_CENTS)} (o mínimo para Pix e boleto).`;
  if (cents > LINK_MAX_CENTS) return `${what} pode ser de no máximo ${formatBRL(LINK_MAX_CENTS)}.`;
  return undefined;
}

/** The form's fields as typed (a missing or file field is ""), to show them again. */
export function linkFormValues(form: { get(name: string): unknown }): LinkFormValues {
  return typedValues(form, LINK_FIELDS, { maxLength: 2000 });
}

/**
 * `today` is São Paulo's date (YYYY-MM-DD): an expiry date before it is refused.
 * The form's fields arrive as strings; anything missing is "".
 */
export function parseLinkForm(form: { get(name: string): unknown }, today: string): LinkFormParse {
  const values = linkFormValues(form);
  const fieldErrors: LinkFieldErrors = {};

  const title = oneLine(values.title);
  if (!title) fieldErrors.title = 'Dê um título ao link: é o que o comprador vê.';
  else if (title.length > TITLE_MAX) fieldErrors.title = `O título pode ter até ${TITLE_MAX} caracteres (tem ${title.length}).`;

  const description = multiLine(values.description);
  if (description.length > DESCRIPTION_MAX) fieldErrors.description = `A descrição pode ter até ${DESCRIPTION_MAX} caracteres (tem ${description.length}).`;

  const open = values.amountMode === 'open';
  let amountCents: number | null = null;
  let minAmountCents: number | null = null;
  if (open) {
    minAmountCents = parseBRLInput(values.minAmount);
    const e = amountError(minAmountCents, values.minAmount, 'O valor mínimo');
    if (e) fieldErrors.minAmount = e;
  } else {
    amountCents = parseBRLInput(values.amount);
    const e = amountError(amountCents, values.amount, 'O valor');
    if (e) fieldErrors.amount = e;
  }

  const methods = values.methods === 'pix' || values.methods === 'boleto' || values.methods === 'both' ? values.methods : null;
  if (!methods) fieldErrors.methods = 'Escolha como o comprador pode pagar.';

  let expiresOn: string | null = null;
  if (values.expiresOn.trim()) {
    expiresOn = parseDateInput(values.expiresOn);
    if (!expiresOn) fieldErrors.expiresOn = 'Data inválida: use dd/mm/aaaa.';
    else if (expiresOn < today) fieldErrors.expiresOn = 'A validade não pode ser uma data que já passou.';
  }

  let maxPayments: number | null = null;
  const maxText = values.maxPayments.trim();
  if (maxText) {
    const n = /^\d{1,7}$/.test(maxText) ? Number(maxText) : NaN;
    if (!Number.isSafeInteger(n) || n < 1) fieldErrors.maxPayments = 'Use um número inteiro a partir de 1, ou deixe em branco para não ter limite.';
    else if (n > MAX_PAYMENTS_LIMIT) fieldErrors.maxPayments = `Use no máximo ${MAX_PAYMENTS_LIMIT.toLocaleString('pt-BR')}, ou deixe em branco para não ter limite.`;
    else maxPayments = n;
  }

  const variantRef = values.variant.trim();
  if ([...variantRef].length > 64) fieldErrors.variant = 'Use o SKU da variante (até 64 caracteres), ou deixe em branco.';

  if (Object.keys(fieldErrors).length > 0 || !methods) return { ok: false, fieldErrors, values };
  return {
    ok: true,
    value: {
      title,
      description: description || null,
      amountCents,
      minAmountCents,
      methods,
      pixDiscount: values.pixDiscount === 'on' || values.pixDiscount === 'true',
      allowCoupons: values.allowCoupons === 'on' || values.allowCoupons === 'true',
      expiresOn,
      maxPayments,
      variantRef: variantRef || null,
    },
  };
}

export type BuyerAmount = { ok: true; cents: number } | { ok: false; error: string };

/**
 * The amount a buyer typed on a link whose price is open, checked on the server against the
 * link's minimum (never trusted from the page). Pure.
 */
export function parseBuyerAmount(typed: string, minAmountCents: number): BuyerAmount {
  const min = Math.max(minAmountCents, LINK_MIN_CENTS);
  if (!typed.trim()) return { ok: false, error: `Informe o valor que você vai pagar (a partir de ${formatBRL(min)}).` };
  const cents = parseBRLInput(typed);
  if (cents === null) return { ok: false, error: 'Use um valor em reais, como 150,00.' };
  if (cents < min) return { ok: false, error: `O valor mínimo é ${formatBRL(min)}.` };
  if (cents > LINK_MAX_CENTS) return { ok: false, error: `O valor máximo é ${formatBRL(LINK_MAX_CENTS)}.` };
  return { ok: true, cents };
}
