/**
 * The merchant's "Novo cupom" form → a validated coupon, each error in Portuguese on its field,
 * what was typed kept for the form to show again. A percentage is typed "10" or "7,5" and kept in
 * basis points; a fixed value is typed the Brazilian way ("15,00") and kept in centavos. Pure.
 */
import { formatBRL, parseBRLInput } from '@balcao/br/money';
import type { CouponKind } from '@/db/schema';
import { parseDateInput } from '@/lib/links/words';
import { MAX_ORDER_CENTS } from '@/lib/orders/pricing';
import { COUPON_CODE_MAX } from './rules';
import { normalizeCouponCode } from './rules';
import { typedValues } from '@/lib/forms/typed-values';

export const COUPON_FIELDS = ['code', 'kind', 'value', 'minSubtotal', 'startsOn', 'endsOn', 'maxUses', 'onePerDocument'] as const;
export type CouponField = (typeof COUPON_FIELDS)[number];
export type CouponFormValues = Record<CouponField, string>;
export type CouponFieldErrors = Partial<Record<CouponField, string>>;

export type NewCoupon = {
  code: string;
  kind: CouponKind;
  value: number;
  minSubtotalCents: number;
  startsOn: string | null;
  endsOn: string | null;
  maxUses: number | null;
  onePerDocument: boolean;
};

export type CouponFormParse = { ok: true; value: NewCoupon } | { ok: false; fieldErrors: CouponFieldErrors; values: CouponFormValues };

export function couponFormValues(form: { get(name: string): unknown }): CouponFormValues {
  return typedValues(form, COUPON_FIELDS, { maxLength: 200 });
}

/** "10" or "7,5" (%) → basis points; null when not a percentage with at most two decimals. */
export function parsePercentInput(typed: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(typed.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function parseCouponForm(form: { get(name: string): unknown }): CouponFormParse {
  const values = couponFormValues(form);
  const fieldErrors: CouponFieldErrors = {};

  const code = normalizeCouponCode(values.code);
  if (!code) fieldErrors.code = 'Informe o código do cupom.';
  else if (!/^[A-Z0-9_-]+$/.test(code)) fieldErrors.code = 'Use só letras sem acento, números, - e _.';
  else if (code.length < 3 || code.length > COUPON_CODE_MAX) fieldErrors.code = `O código tem de 3 a ${COUPON_CODE_MAX} caracteres.`;

  const kind = values.kind === 'percent' || values.kind === 'fixed' || values.kind === 'free_shipping' ? values.kind : null;
  if (!kind) fieldErrors.kind = 'Escolha Percentual, Valor fixo ou Frete grátis.';

  let value = 0;
  if (kind === 'percent') {
    const bps = parsePercentInput(values.value);
    if (!values.value.trim()) fieldErrors.value = 'Informe o valor do desconto.';
    else if (bps === null || bps <= 0 || bps > 10000) fieldErrors.value = 'Use uma porcentagem de 0,01 a 100, como 10 ou 7,5.';
    else value = bps;
  } else if (kind === 'fixed') {
    const cents = parseBRLInput(values.value);
    if (!values.value.trim()) fieldErrors.value = 'Informe o valor do desconto.';
    else if (cents === null || cents <= 0) fieldErrors.value = 'Use um valor em reais, como 15,00.';
    else if (cents > MAX_ORDER_CENTS) fieldErrors.value = `O desconto pode ser de no máximo ${formatBRL(MAX_ORDER_CENTS)}.`;
    else value = cents;
  }

  let minSubtotalCents = 0;
  if (values.minSubtotal.trim()) {
    const cents = parseBRLInput(values.minSubtotal);
    if (cents === null || cents < 0) fieldErrors.minSubtotal = 'Use um valor em reais, como 100,00, ou deixe em branco.';
    else minSubtotalCents = cents;
  }

  let startsOn: string | null = null;
  if (values.startsOn.trim()) {
    startsOn = parseDateInput(values.startsOn);
    if (!startsOn) fieldErrors.startsOn = 'Data inválida: use dd/mm/aaaa.';
  }
  let endsOn: string | null = null;
  if (values.endsOn.trim()) {
    endsOn = parseDateInput(values.endsOn);
    if (!endsOn) fieldErrors.endsOn = 'Data inválida: use dd/mm/aaaa.';
    else if (startsOn && endsOn < startsOn) fieldErrors.endsOn = '"Válido até" não pode ser antes do início.';
  }

  let maxUses: number | null = null;
  const maxText = values.maxUses.trim();
  if (maxText) {
    const n = /^\d{1,7}$/.test(maxText) ? Number(maxText) : NaN;
    if (!Number.isSafeInteger(n) || n < 1) fieldErrors.maxUses = 'Use um número inteiro a partir de 1, ou deixe em branco para não ter limite.';
    else maxUses = n;
  }

  if (Object.keys(fieldErrors).length > 0 || !kind) return { ok: false, fieldErrors, values };
  return {
    ok: true,
    value: { code, kind, value, minSubtotalCents, startsOn, endsOn, maxUses, onePerDocument: values.onePerDocument === 'on' || values.onePerDocument === 'true' },
  };
}
