/**
 * Configurações → "Assinaturas": "Dias de antecedência" (Pix, boleto) and "Tentativas". Read
 * inside the transaction that uses them (a claim, a resume, a settlement), so a save that lands
 * between two passes is seen whole by each. Saving new days moves every running subscription's
 * next creation day by the difference, in the same transaction: the cycle job's due test stays
 * the stored `next_create_on`, and no subscription keeps a day computed with the old setting.
 */
import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { database, type Tx } from '@/db';
import { get, run, type Step } from '@/db/driver';
import { subscriptions, subscriptionSettings } from '@/db/schema';
import { LEAD_DAYS, MAX_UNPAID_IN_ROW, type LeadDays } from './schedule';

export type SubscriptionSettings = { leadDays: LeadDays; maxUnpaidInRow: number };

export const DEFAULT_SUBSCRIPTION_SETTINGS: SubscriptionSettings = { leadDays: LEAD_DAYS, maxUnpaidInRow: MAX_UNPAID_IN_ROW };
export const LEAD_PIX_MAX = 10;
export const LEAD_BOLETO_MAX = 15;
export const TENTATIVAS_MAX = 6;

type Row = typeof subscriptionSettings.$inferSelect;
const settingsOf = (r: Row | undefined): SubscriptionSettings =>
  r ? { leadDays: { pix: r.leadDaysPix, boleto: r.leadDaysBoleto }, maxUnpaidInRow: r.maxUnpaidInRow } : DEFAULT_SUBSCRIPTION_SETTINGS;

/** The settings, read as a step of the caller's transaction. */
export function* subscriptionSettingsStep(tx: Tx): Generator<Step, SubscriptionSettings, unknown> {
  return settingsOf(yield* get(tx.select().from(subscriptionSettings).where(eq(subscriptionSettings.id, 1))));
}

export async function readSubscriptionSettings(): Promise<SubscriptionSettings> {
  const [r] = await database().db.select().from(subscriptionSettings).where(eq(subscriptionSettings.id, 1));
  return settingsOf(r);
}

const whole = (what: string, min: number, max: number) =>
  z.coerce
    .number({ error: `Informe ${what}.` })
    .int(`Informe ${what} com um número inteiro.`)
    .min(min, `Pelo menos ${min}.`)
    .max(max, `No máximo ${max}.`);

/** The form's fields: `pix`, `boleto` (days), `tentativas`. Messages in the merchant's words. */
export const subscriptionSettingsSchema = z.object({
  pix: whole('os dias de antecedência do Pix', 1, LEAD_PIX_MAX),
  boleto: whole('os dias de antecedência do boleto', 1, LEAD_BOLETO_MAX),
  tentativas: whole('o número de tentativas', 1, TENTATIVAS_MAX),
});

export type SubscriptionSettingsForm = z.infer<typeof subscriptionSettingsSchema>;

/** Field → its first message, for the form. */
export function parseSubscriptionSettings(form: { get(name: string): unknown }): { ok: true; value: SubscriptionSettings } | { ok: false; fieldErrors: Record<string, string>; values: Record<string, string> } {
  const values = Object.fromEntries(['pix', 'boleto', 'tentativas'].map((k) => [k, String(form.get(k) ?? '').trim()]));
  const parsed = subscriptionSettingsSchema.safeParse(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' ? undefined : v])));
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const k = String(issue.path[0]);
      fieldErrors[k] ??= issue.message;
    }
    return { ok: false, fieldErrors, values };
  }
  return { ok: true, value: { leadDays: { pix: parsed.data.pix, boleto: parsed.data.boleto }, maxUnpaidInRow: parsed.data.tentativas } };
}

/** Saves the settings and moves the running subscriptions' next creation day by the change in days. */
export async function saveSubscriptionSettings(next: SubscriptionSettings): Promise<void> {
  await database().transaction(function* (tx) {
    const before = yield* subscriptionSettingsStep(tx);
    const values = { leadDaysPix: next.leadDays.pix, leadDaysBoleto: next.leadDays.boleto, maxUnpaidInRow: next.maxUnpaidInRow, updatedAt: new Date().toISOString() };
    yield* run(tx.insert(subscriptionSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: subscriptionSettings.id, set: values }));
    for (const method of ['pix', 'boleto'] as const) {
      // More days ahead: an earlier creation day (cycle date − days).
      const shift = before.leadDays[method] - next.leadDays[method];
      if (shift === 0) continue;
      yield* run(
        tx
          .update(subscriptions)
          .set({ nextCreateOn: sql`date(${subscriptions.nextCreateOn}, ${`${shift > 0 ? '+' : ''}${shift} days`})` })
          .where(and(eq(subscriptions.method, method), ne(subscriptions.status, 'canceled'))),
      );
    }
  });
}
