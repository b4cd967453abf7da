/**
 * What the pages, the CSV and the API read of subscriptions: the subscriber's page, the
 * merchant's list and one subscription, the overview's recurring revenue, the export and
 * `/api/v1/subscriptions`. Buyers' data is masked here for a role that may not read it.
 */
import 'server-only';
import { utcNoonOf } from '@balcao/br/dates';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { database } from '@/db';
import { orders, productVariants, products, subscriptionCycles, subscriptionLog, subscriptions, type CycleStatus, type SubscriptionRow, type SubscriptionStatus } from '@/db/schema';
import { maskEmail, maskName } from '@balcao/br/personal-data';
import { CSV_BOM, csvRow } from '@/lib/csv/write';
import { cycleDate, INTERVAL_API, INTERVAL_LABELS, isInterval, monthlyCents, PER_PERIOD, unitPriceForCycle } from './schedule';

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  pending: 'Aguardando pagamento',
  active: 'Ativa',
  paused: 'Pausada',
  suspended: 'Suspensa',
  canceled: 'Cancelada',
};

export const CYCLE_LABELS: Record<CycleStatus, string> = {
  creating: 'Gerando cobrança',
  open: 'Aguardando pagamento',
  paid: 'Pago',
  unpaid: 'Não pago',
  skipped: 'Pulado',
  paused: 'Pausado',
  sold_out: 'Esgotado (não cobrado)',
};

const intervalOf = (n: number) => (isInterval(n) ? n : 1);

/** The next cycle's date and amount (items only: freight is quoted when the cycle is created); null once it ends. */
export function nextChargeOf(s: SubscriptionRow): { date: string; itemsCents: number } | null {
  if (s.status === 'canceled' || s.status === 'pending') return null;
  let n = s.nextCycle;
  while (s.pausedUntilCycle !== null && n < s.pausedUntilCycle) n++;
  return { date: cycleDate(s.startDate, s.anchorDay, s.intervalMonths, n), itemsCents: unitPriceForCycle(s, n) * s.quantity };
}

export type CycleView = { cycle: number; date: string; status: CycleStatus; label: string; orderNumber: number | null; orderToken: string | null; orderId: string | null; totalCents: number | null; note: string | null };

async function cyclesOf(id: string): Promise<CycleView[]> {
  const rows = await database()
    .db.select({ c: subscriptionCycles, number: orders.number, token: orders.token, total: orders.totalCents })
    .from(subscriptionCycles)
    .leftJoin(orders, eq(orders.id, subscriptionCycles.orderId))
    .where(eq(subscriptionCycles.subscriptionId, id))
    .orderBy(desc(subscriptionCycles.cycle));
  return rows.map((r) => ({
    cycle: r.c.cycle,
    date: r.c.cycleDate,
    status: r.c.status,
    label: CYCLE_LABELS[r.c.status],
    orderNumber: r.number,
    orderToken: r.token,
    orderId: r.c.orderId,
    totalCents: r.total ?? null,
    note: r.c.note,
  }));
}

async function productNames(productId: number, variantId: number): Promise<{ productName: string; variantName: string | null }> {
  const [row] = await database()
    .db.select({ name: products.name, o1: productVariants.option1, o2: productVariants.option2, o3: productVariants.option3 })
    .from(products)
    .leftJoin(productVariants, eq(productVariants.id, variantId))
    .where(eq(products.id, productId));
  const variantName = row ? [row.o1, row.o2, row.o3].filter(Boolean).join(' / ') || null : null;
  return { productName: row?.name ?? 'Produto removido', variantName };
}

export type SubscriberView = Awaited<ReturnType<typeof subscriberView>>;

/** The subscriber's page (/assinaturas/<token>). */
export async function subscriberView(token: string) {
  const [s] = await database().db.select().from(subscriptions).where(eq(subscriptions.token, token));
  if (!s) return null;
  const interval = intervalOf(s.intervalMonths);
  return {
    id: s.id,
    token: s.token,
    status: s.status,
    statusLabel: STATUS_LABELS[s.status],
    ...(await productNames(s.productId, s.variantId)),
    intervalLabel: INTERVAL_LABELS[interval],
    perPeriod: PER_PERIOD[interval],
    unitCents: s.unitPriceCents * s.quantity,
    newPrice: s.newUnitPriceCents !== null && s.newPriceFromCycle !== null ? { cents: s.newUnitPriceCents * s.quantity, from: cycleDate(s.startDate, s.anchorDay, s.intervalMonths, s.newPriceFromCycle) } : null,
    next: nextChargeOf(s),
    method: s.method,
    shipping: s.shippingMethod,
    address: { zip: s.zip ?? '', street: s.street ?? '', number: s.number ?? '', complement: s.complement ?? '', neighborhood: s.neighborhood ?? '', city: s.city ?? '', state: s.state ?? '' },
    buyerName: s.buyerName,
    cycles: await cyclesOf(s.id),
  };
}

export type ListRow = { id: string; status: SubscriptionStatus; statusLabel: string; subscriber: string; email: string; productName: string; amountCents: number; interval: string; nextChargeDate: string | null; createdAt: string };

/** The dashboard's "Assinaturas": newest first, optionally one status; masked for a role without buyers' data. */
export async function merchantList(o: { status?: SubscriptionStatus; id?: string; masked: boolean; limit?: number }): Promise<ListRow[]> {
  const rows = await database()
    .db.select({ s: subscriptions, productName: products.name })
    .from(subscriptions)
    .leftJoin(products, eq(products.id, subscriptions.productId))
    .where(and(o.status ? eq(subscriptions.status, o.status) : sql`1`, o.id ? eq(subscriptions.id, o.id) : sql`1`))
    .orderBy(desc(subscriptions.createdAt))
    .limit(o.limit ?? 200);
  return rows.map(({ s, productName }) => ({
    id: s.id,
    status: s.status,
    statusLabel: STATUS_LABELS[s.status],
    subscriber: o.masked ? maskName(s.buyerName) : s.buyerName,
    email: o.masked ? maskEmail(s.buyerEmail) : s.buyerEmail,
    productName: productName ?? 'Produto removido',
    amountCents: s.unitPriceCents * s.quantity,
    interval: INTERVAL_LABELS[intervalOf(s.intervalMonths)],
    nextChargeDate: nextChargeOf(s)?.date ?? null,
    createdAt: s.createdAt,
  }));
}

/** One subscription as the merchant sees it: its list row, cycles and log. */
export async function merchantDetail(id: string, masked: boolean) {
  const [s] = await database().db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!s) return null;
  const [row] = await merchantList({ id, masked });
  const log = await database().db.select().from(subscriptionLog).where(eq(subscriptionLog.subscriptionId, id)).orderBy(asc(subscriptionLog.id));
  return { ...row, method: s.method, unpaidInRow: s.unpaidInRow, cycles: await cyclesOf(id), log };
}

/**
 * The overview's "Receita recorrente mensal": every active subscription's amount as a month's
 * share (a quarterly R$ 90,00 counts R$ 30,00), items only (freight is the carrier's); new
 * (first payment) and canceled subscriptions in [from, to); churn = canceled in the period ÷
 * (active now + canceled in the period), in basis points.
 */
export async function recurringRevenue(from: string, to: string) {
  const { db } = database();
  const active = await db.select({ unit: subscriptions.unitPriceCents, qty: subscriptions.quantity, interval: subscriptions.intervalMonths }).from(subscriptions).where(eq(subscriptions.status, 'active'));
  const mrrCents = active.reduce((sum, s) => sum + monthlyCents(s.unit * s.qty, s.interval), 0);
  const [created] = await db.select({ n: sql<number>`count(*)` }).from(subscriptions).where(and(isNotNull(subscriptions.activatedAt), gte(subscriptions.activatedAt, from), lt(subscriptions.activatedAt, to)));
  const [canceled] = await db
    .select({ n: sql<number>`count(*)` })
    .from(subscriptions)
    .where(and(isNotNull(subscriptions.activatedAt), isNotNull(subscriptions.canceledAt), gte(subscriptions.canceledAt, from), lt(subscriptions.canceledAt, to)));
  const canceledN = Number(canceled?.n ?? 0);
  const base = active.length + canceledN;
  return { mrrCents, active: active.length, created: Number(created?.n ?? 0), canceled: canceledN, churnBps: base === 0 ? 0 : Math.round((canceledN * 10_000) / base) };
}

/** `GET /api/v1/subscriptions`: oldest first after the cursor (a subscription's id). */
export async function apiSubscriptions(o: { cursor?: string; limit: number }) {
  const rows = await database()
    .db.select()
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, ['active', 'paused', 'suspended', 'canceled']), o.cursor ? gt(subscriptions.id, o.cursor) : sql`1`))
    .orderBy(asc(subscriptions.id))
    .limit(o.limit + 1);
  const page = rows.slice(0, o.limit);
  return {
    data: page.map((s) => ({
      id: s.id,
      status: s.status as Exclude<SubscriptionStatus, 'pending'>,
      product_id: String(s.productId),
      variant_id: String(s.variantId),
      customer: { name: s.buyerName, document: s.buyerDocument, email: s.buyerEmail, ...(s.buyerPhone ? { phone: `+55${s.buyerPhone}` } : {}) },
      amount: s.unitPriceCents * s.quantity,
      interval: INTERVAL_API[intervalOf(s.intervalMonths)],
      next_charge_at: nextChargeOf(s) ? utcNoonOf(nextChargeOf(s)!.date).toISOString() : null,
      created_at: s.createdAt,
    })),
    next_cursor: rows.length > o.limit ? page[page.length - 1].id : null,
  };
}

const CSV_HEADER = ['Assinante', 'E-mail', 'Produto', 'Situação', 'Frequência', 'Valor', 'Próxima cobrança', 'Criada em'];

/** "Exportar CSV": every subscription, newest first (values in reais with a comma, as the orders CSV). */
export async function subscriptionsCsv(masked: boolean): Promise<string> {
  const rows = await merchantList({ masked, limit: 100_000 });
  let out = CSV_BOM + csvRow(CSV_HEADER);
  for (const r of rows) {
    out += csvRow([r.subscriber, r.email, r.productName, r.statusLabel, r.interval, (r.amountCents / 100).toFixed(2).replace('.', ','), r.nextChargeDate ?? '', r.createdAt.slice(0, 10)]);
  }
  return out;
}
