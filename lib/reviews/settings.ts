/** Configurações → "Avaliações": the days before "Avalie sua compra" and "Publicar automaticamente notas 4 e 5". */
import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '@/db';
import { reviewSettings } from '@/db/schema';

export type ReviewSettings = { delayDays: number; autoPublishHigh: boolean };

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = { delayDays: 7, autoPublishHigh: false };
export const DELAY_DAYS_MIN = 1;
export const DELAY_DAYS_MAX = 60;

export const reviewSettingsQuery = () => db().select().from(reviewSettings).where(eq(reviewSettings.id, 1));

export function reviewSettingsOf(rows: Awaited<ReturnType<typeof reviewSettingsQuery>>): ReviewSettings {
  const [r] = rows;
  return r ? { delayDays: r.delayDays, autoPublishHigh: r.autoPublishHigh } : DEFAULT_REVIEW_SETTINGS;
}

export async function readReviewSettings(): Promise<ReviewSettings> {
  return reviewSettingsOf(await reviewSettingsQuery());
}

export const reviewSettingsSchema = z.object({
  delayDays: z.coerce
    .number({ error: 'Informe um número de dias.' })
    .int('Informe um número inteiro de dias.')
    .min(DELAY_DAYS_MIN, `Pelo menos ${DELAY_DAYS_MIN} dia.`)
    .max(DELAY_DAYS_MAX, `No máximo ${DELAY_DAYS_MAX} dias.`),
  autoPublishHigh: z.boolean(),
});

export async function saveReviewSettings(values: ReviewSettings): Promise<void> {
  await db()
    .insert(reviewSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: reviewSettings.id, set: values });
}
