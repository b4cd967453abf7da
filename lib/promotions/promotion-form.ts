/**
 * The merchant's "Nova promoção" form → a validated promotion, each error in Portuguese on its
 * field, what was typed kept. Money typed the Brazilian way ("199,00"), percentages "10" or
 * "7,5" (kept in basis points), "Válida de"/"Válida até" as the shop's São Paulo local time
 * (UTC−3, no daylight saving since 2019). Pure.
 */
import { parseBRLInput } from '@balcao/br/money';
import { UF_CODES } from '@balcao/br/uf';
import type { PromotionScope, PromotionType } from '@/db/schema-promotions';
import type { BuyXPayYRules, FreeShippingRules, ProgressiveRules } from './rules';
import { typedValues } from '@/lib/forms/typed-values';

export const PROMOTION_FIELDS = [
  'name', 'type', 'scope', 'categoryId', 'productId', 'buy', 'pay', 'basis', 'tierKind',
  'tier1Min', 'tier1Value', 'tier2Min', 'tier2Value', 'tier3Min', 'tier3Value',
  'minOrder', 'regions', 'options', 'startsAt', 'endsAt',
] as const;
export type PromotionField = (typeof PROMOTION_FIELDS)[number];
export type PromotionFormValues = Record<PromotionField, string>;
export type PromotionFieldErrors = Partial<Record<PromotionField, string>>;

export type NewPromotion = { name: string; type: PromotionType; scope: PromotionScope; scopeId: number | null; rules: BuyXPayYRules | ProgressiveRules | FreeShippingRules; startsAt: string | null; endsAt: string | null };
export type PromotionFormParse = { ok: true; value: NewPromotion } | { ok: false; fieldErrors: PromotionFieldErrors; values: PromotionFormValues };

export function promotionFormValues(form: { get(name: string): unknown }): PromotionFormValues {
  return typedValues(form, PROMOTION_FIELDS, { maxLength: (f) => (f === 'regions' ? 600 : 120) });
}

function percentBps(typed: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(typed.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/** "2026-12-06T09:00" (the form's local São Paulo time) → ISO UTC; null when not one. */
export function saoPauloInstant(typed: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(typed.trim());
  if (!m) return null;
  const ms = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:00-03:00`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** "SP, RJ, 01000-000 a 09999-999" → UFs and CEP ranges; null with the first bad piece. */
export function parseRegions(typed: string): { ufs: string[]; cepRanges: { from: string; to: string }[] } | { bad: string } {
  const ufs: string[] = [];
  const cepRanges: { from: string; to: string }[] = [];
  for (const raw of typed.split(/[,;\n]/).map((s) => s.trim()).filter(Boolean)) {
    const uf = raw.toUpperCase();
    if ((UF_CODES as readonly string[]).includes(uf)) {
      if (!ufs.includes(uf)) ufs.push(uf);
      continue;
    }
    const m = /^(\d{5})-?(\d{3})\s*(?:a|-|até)\s*(\d{5})-?(\d{3})$/i.exec(raw);
    if (!m || `${m[1]}${m[2]}` > `${m[3]}${m[4]}`) return { bad: raw };
    cepRanges.push({ from: `${m[1]}${m[2]}`, to: `${m[3]}${m[4]}` });
  }
  return { ufs, cepRanges };
}

const TYPES: readonly PromotionType[] = ['buy_x_pay_y', 'progressive', 'free_shipping'];
const SCOPES: readonly PromotionScope[] = ['shop', 'category', 'product'];

export function parsePromotionForm(form: { get(name: string): unknown }): PromotionFormParse {
  const values = promotionFormValues(form);
  const e: PromotionFieldErrors = {};
  const name = values.name.trim().replace(/\s+/g, ' ');
  if (!name) e.name = 'Informe o nome que o comprador vai ver.';
  else if (name.length > 60) e.name = 'Use até 60 caracteres.';
  const type = TYPES.find((t) => t === values.type) ?? null;
  if (!type) e.type = 'Escolha o tipo da promoção.';
  const scope = SCOPES.find((s) => s === values.scope) ?? 'shop';
  let scopeId: number | null = null;
  if (scope !== 'shop') {
    const typed = scope === 'category' ? values.categoryId : values.productId;
    scopeId = /^\d{1,9}$/.test(typed) ? Number(typed) : null;
    if (scopeId === null) e[scope === 'category' ? 'categoryId' : 'productId'] = scope === 'category' ? 'Escolha a categoria.' : 'Escolha o produto.';
  }
  let rules: NewPromotion['rules'] | null = null;
  if (type === 'buy_x_pay_y') {
    const buy = Number(values.buy);
    const pay = Number(values.pay);
    if (!Number.isInteger(buy) || buy < 2 || buy > 20) e.buy = 'Use um número de 2 a 20.';
    else if (!Number.isInteger(pay) || pay < 1 || pay >= buy) e.pay = 'Use um número menor que o de "Leve".';
    else rules = { buy, pay };
  } else if (type === 'progressive') {
    const basis = values.basis === 'subtotal' ? 'subtotal' : 'quantity';
    const kind = values.tierKind === 'fixed' ? 'fixed' : 'percent';
    const tiers: ProgressiveRules['tiers'] = [];
    for (const n of [1, 2, 3] as const) {
      const minTyped = values[`tier${n}Min`].trim();
      const valueTyped = values[`tier${n}Value`].trim();
      if (!minTyped && !valueTyped) continue;
      const min = basis === 'quantity' ? (/^\d{1,4}$/.test(minTyped) ? Number(minTyped) : null) : parseBRLInput(minTyped);
      const value = kind === 'percent' ? percentBps(valueTyped) : parseBRLInput(valueTyped);
      if (min === null || min < 1) e[`tier${n}Min`] = basis === 'quantity' ? 'Use uma quantidade, como 2.' : 'Use um valor em reais, como 200,00.';
      else if (value === null || value <= 0 || (kind === 'percent' && value > 10_000)) e[`tier${n}Value`] = kind === 'percent' ? 'Use uma porcentagem, como 10.' : 'Use um valor em reais, como 20,00.';
      else tiers.push({ min, value });
    }
    if (tiers.length === 0 && !e.tier1Min && !e.tier1Value) e.tier1Min = 'Informe ao menos uma faixa.';
    else if (tiers.length > 0) rules = { basis, kind, tiers };
  } else if (type === 'free_shipping') {
    const minCents = values.minOrder.trim() ? parseBRLInput(values.minOrder) : 0;
    const regions = parseRegions(values.regions);
    if (minCents === null || minCents < 0) e.minOrder = 'Use um valor em reais, como 199,00, ou deixe em branco.';
    else if ('bad' in regions) e.regions = `Não entendi "${regions.bad}": use UFs (SP, RJ) ou faixas de CEP (01000-000 a 09999-999).`;
    else rules = { minCents, ...regions, options: values.options === 'all' ? 'all' : 'cheapest' };
  }
  const startsAt = values.startsAt.trim() ? saoPauloInstant(values.startsAt) : null;
  const endsAt = values.endsAt.trim() ? saoPauloInstant(values.endsAt) : null;
  if (values.startsAt.trim() && !startsAt) e.startsAt = 'Data e hora inválidas.';
  if (values.endsAt.trim() && !endsAt) e.endsAt = 'Data e hora inválidas.';
  else if (startsAt && endsAt && endsAt <= startsAt) e.endsAt = 'O fim deve vir depois do início.';
  if (Object.keys(e).length > 0 || !type || !rules) return { ok: false, fieldErrors: e, values };
  return { ok: true, value: { name, type, scope, scopeId, rules, startsAt, endsAt } };
}
