/**
 * A promotion's rules, pure: what each type stores (zod, tolerant of old rows: a row that no
 * longer parses applies to nothing), whether it is live at an instant of the shop's clock, and
 * how the dashboard names its type, scope and status (docs/reference.md, "Promoções").
 */
import { z } from 'zod';
import type { Promotion, PromotionType } from '@/db/schema-promotions';

export const TYPE_LABELS: Record<PromotionType, string> = {
  buy_x_pay_y: 'Leve X, pague Y',
  progressive: 'Desconto progressivo',
  free_shipping: 'Frete grátis',
};
export const SCOPE_LABELS = { shop: 'Toda a loja', category: 'Categoria', product: 'Produto' } as const;

const buyXPayY = z.object({ buy: z.number().int().min(2).max(20), pay: z.number().int().min(1) }).refine((r) => r.pay < r.buy);
const tier = z.object({ min: z.number().int().min(1), value: z.number().int().min(1) });
const progressive = z.object({
  basis: z.enum(['quantity', 'subtotal']),
  kind: z.enum(['percent', 'fixed']),
  tiers: z.array(tier).min(1).max(10),
});
const cepRange = z.object({ from: z.string().regex(/^\d{8}$/), to: z.string().regex(/^\d{8}$/) });
const freeShipping = z.object({
  minCents: z.number().int().min(0),
  /** Empty with no CEP ranges: every region. */
  ufs: z.array(z.string().length(2)).max(27),
  cepRanges: z.array(cepRange).max(20),
  /** 'cheapest': only the cheapest delivery option offered; 'all': every one. */
  options: z.enum(['all', 'cheapest']),
});

export type BuyXPayYRules = z.infer<typeof buyXPayY>;
export type ProgressiveRules = z.infer<typeof progressive>;
export type FreeShippingRules = z.infer<typeof freeShipping>;

/** A promotion as the engine takes it: its row's columns with the rules parsed. */
export type LivePromotion = Pick<Promotion, 'id' | 'name' | 'scope' | 'scopeId'> &
  ({ type: 'buy_x_pay_y'; rules: BuyXPayYRules } | { type: 'progressive'; rules: ProgressiveRules } | { type: 'free_shipping'; rules: FreeShippingRules });

const SCHEMAS = { buy_x_pay_y: buyXPayY, progressive, free_shipping: freeShipping } as const;

/** The row's rules parsed for its type, or null when they do not parse (it then applies to nothing). */
export function parsePromotion(row: Pick<Promotion, 'id' | 'name' | 'type' | 'scope' | 'scopeId' | 'rules'>): LivePromotion | null {
  let json: unknown;
  try {
    json = JSON.parse(row.rules);
  } catch {
    return null;
  }
  const parsed = SCHEMAS[row.type]?.safeParse(json);
  if (!parsed?.success) return null;
  return { id: row.id, name: row.name, scope: row.scope, scopeId: row.scopeId, type: row.type, rules: parsed.data } as LivePromotion;
}

export type PromotionStatus = 'active' | 'scheduled' | 'ended' | 'paused';
export const STATUS_LABELS: Record<PromotionStatus, string> = { active: 'Ativa', scheduled: 'Agendada', ended: 'Encerrada', paused: 'Pausada' };

/** Where a promotion stands at `nowMs` on the shop's clock: "Válida de" inclusive, "Válida até" exclusive. */
export function promotionStatus(p: Pick<Promotion, 'startsAt' | 'endsAt' | 'pausedAt'>, nowMs: number): PromotionStatus {
  if (p.pausedAt) return 'paused';
  if (p.startsAt && Date.parse(p.startsAt) > nowMs) return 'scheduled';
  if (p.endsAt && Date.parse(p.endsAt) <= nowMs) return 'ended';
  return 'active';
}
