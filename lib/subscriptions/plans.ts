/**
 * A product's "Vender como assinatura": whether it sells as a subscription, "Frequência",
 * "Desconto na assinatura" and whether it is also sold once ("Comprar uma vez").
 */
import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { database } from '@/db';
import { subscriptionPlans, subscriptions, type SubscriptionPlanRow } from '@/db/schema';
import { isInterval, subscriptionUnitCents, type IntervalMonths } from './schedule';

export type Plan = { productId: number; enabled: boolean; intervalMonths: IntervalMonths; discountBps: number; alsoOnce: boolean };

const planOf = (r: SubscriptionPlanRow): Plan => ({ ...r, intervalMonths: isInterval(r.intervalMonths) ? r.intervalMonths : 1 });

export async function planOfProduct(productId: number): Promise<Plan | null> {
  const [row] = await database().db.select().from(subscriptionPlans).where(eq(subscriptionPlans.productId, productId));
  return row ? planOf(row) : null;
}

/** The enabled plans of these products (the catalog shows "Assinar" beside them). */
export async function plansOfProducts(productIds: readonly number[]): Promise<Map<number, Plan>> {
  if (productIds.length === 0) return new Map();
  const rows = await database().db.select().from(subscriptionPlans).where(inArray(subscriptionPlans.productId, [...productIds]));
  return new Map(rows.filter((r) => r.enabled).map((r) => [r.productId, planOf(r)]));
}

/** The form's section: "Vender como assinatura", "Frequência", "Desconto na assinatura" (%), "Vender também avulso". */
export const planFormSchema = z.object({
  enabled: z.boolean(),
  intervalMonths: z.coerce.number().int().refine(isInterval, { error: 'Escolha a frequência.' }),
  discountPercent: z.coerce
    .number({ error: 'Informe o desconto em % (de 0 a 90).' })
    .min(0, { error: 'Informe o desconto em % (de 0 a 90).' })
    .max(90, { error: 'Informe o desconto em % (de 0 a 90).' })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-9, { error: 'Use no máximo duas casas decimais.' }),
  alsoOnce: z.boolean(),
});

/** Reads the product form's section (checkboxes are absent when unticked). */
export function parsePlanForm(form: FormData) {
  return planFormSchema.safeParse({
    enabled: form.get('subscriptionEnabled') === 'on',
    intervalMonths: form.get('subscriptionInterval') ?? '1',
    discountPercent: String(form.get('subscriptionDiscount') ?? '0').replace(',', '.') || '0',
    alsoOnce: form.get('subscriptionAlsoOnce') === 'on' || form.get('subscriptionEnabled') !== 'on',
  });
}

export async function savePlan(productId: number, p: z.output<typeof planFormSchema>): Promise<void> {
  const values = { enabled: p.enabled, intervalMonths: p.intervalMonths, discountBps: Math.round(p.discountPercent * 100), alsoOnce: p.alsoOnce, updatedAt: new Date().toISOString() };
  await database()
    .db.insert(subscriptionPlans)
    .values({ productId, ...values })
    .onConflictDoUpdate({ target: subscriptionPlans.productId, set: values });
}

/** What one period of the plan costs for a variant priced `catalogCents`. */
export function planPrice(plan: Pick<Plan, 'discountBps'>, catalogCents: number): number {
  return subscriptionUnitCents(catalogCents, plan.discountBps);
}

/** The product form's section as it starts: the saved plan (or off), and how many subscriptions run. */
export async function planFormInitial(productId: number) {
  const plan = await planOfProduct(productId);
  const [running] = await database()
    .db.select({ n: sql<number>`count(*)` })
    .from(subscriptions)
    .where(and(eq(subscriptions.productId, productId), inArray(subscriptions.status, ['active', 'paused', 'suspended'])));
  return {
    enabled: plan?.enabled ?? false,
    intervalMonths: plan?.intervalMonths ?? 1,
    discountPercent: plan ? (plan.discountBps / 100).toLocaleString('pt-BR') : '0',
    alsoOnce: plan?.alsoOnce ?? true,
    subscribers: Number(running?.n ?? 0),
  };
}
