/**
 * The shop's payment settings (one row). Limits are the API's: boleto grace 1–30 days,
 * fine and interest 0.1–100 %; Pix expiration at least 1 day; the shop's own Pix discount 0–30 %
 * (basis points, pix-discount.ts); how long an unpaid order holds stock and link places,
 * 0–4,320 minutes (72 h); whether the checkout requires "Celular (WhatsApp)" (off by default).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '@/db';
import { merchantSettings, type MerchantSettings } from '@/db/schema';
import { MAX_PIX_DISCOUNT_BPS } from './pix-discount';
import { cache } from 'react';

export const DEFAULT_SETTINGS = {
  boletoDueDays: 3,
  boletoGraceDays: 5,
  boletoFinePercent: 2,
  boletoInterestPercent: 0.1,
  pixExpirationDays: 1,
  pixDiscountBps: 0,
  stockHoldMinutes: 60,
  requireBuyerPhone: false,
} as const;

/** "Reserva de estoque": 0 (nothing held past the order's own moment) to 72 hours. */
export const MAX_STOCK_HOLD_MINUTES = 72 * 60;

export type PaymentSettings = Omit<MerchantSettings, 'id' | 'updatedAt'>;

const percent = (label: string, verb: 'deve' | 'devem') =>
  z
    .number({ message: `Informe ${label}.` })
    .min(0.1, { message: `${label[0].toUpperCase()}${label.slice(1)} ${verb} ser de pelo menos 0,1%.` })
    .max(100, { message: `${label[0].toUpperCase()}${label.slice(1)} ${verb} ser de no máximo 100%.` })
    .refine((n) => /^\d+(\.\d{1,3})?$/.test(String(n)), { message: `Use no máximo 3 casas decimais.` });

export const settingsSchema = z.object({
  boletoDueDays: z.number({ message: 'Informe os dias até o vencimento.' }).int({ message: 'Use um número inteiro de dias.' }).min(1, { message: 'O vencimento deve ser de pelo menos 1 dia.' }).max(60, { message: 'O vencimento deve ser de no máximo 60 dias.' }),
  boletoGraceDays: z.number({ message: 'Informe a tolerância.' }).int({ message: 'Use um número inteiro de dias.' }).min(1, { message: 'A tolerância deve ser de pelo menos 1 dia.' }).max(30, { message: 'A tolerância deve ser de no máximo 30 dias.' }),
  boletoFinePercent: percent('a multa', 'deve'),
  boletoInterestPercent: percent('os juros', 'devem'),
  pixDiscountBps: z
    .number({ message: 'Informe o desconto no Pix (0 para nenhum).' })
    .int({ message: 'Use no máximo 2 casas decimais.' })
    .min(0, { message: 'O desconto no Pix não pode ser negativo.' })
    .max(MAX_PIX_DISCOUNT_BPS, { message: 'O desconto no Pix pode ser de no máximo 30%.' }),
  stockHoldMinutes: z
    .number({ message: 'Informe a reserva de estoque em minutos (0 para não reservar).' })
    .int({ message: 'Use um número inteiro de minutos.' })
    .min(0, { message: 'A reserva de estoque deve ser de 0 a 4.320 minutos (72 horas).' })
    .max(MAX_STOCK_HOLD_MINUTES, { message: 'A reserva de estoque deve ser de 0 a 4.320 minutos (72 horas).' }),
  requireBuyerPhone: z.boolean().default(false),
  pixExpirationDays: z.number({ message: 'Informe a validade do Pix.' }).int({ message: 'Use um número inteiro de dias.' }).min(1, { message: 'O Pix deve valer pelo menos 1 dia após o vencimento.' }).max(30, { message: 'O Pix deve valer no máximo 30 dias após o vencimento.' }),
});

/** The payment settings; once per render (React's cache, as getShopIdentity). */
export const getSettings = cache(readSettings);

async function readSettings(): Promise<PaymentSettings> {
  return settingsOf(await settingsQuery());
}

/** The settings' row as a query, to read in a batch with others (lib/shop/storefront.ts); `settingsOf` reads its answer. */
export function settingsQuery() {
  return db().select().from(merchantSettings).where(eq(merchantSettings.id, 1));
}

export function settingsOf(rows: MerchantSettings[]): PaymentSettings {
  const [row] = rows;
  if (!row) return { ...DEFAULT_SETTINGS };
  const { id: _id, updatedAt: _u, ...rest } = row;
  return rest;
}

export async function updateSettings(values: PaymentSettings): Promise<void> {
  const parsed = settingsSchema.parse(values);
  const updatedAt = new Date().toISOString();
  await db()
    .insert(merchantSettings)
    .values({ id: 1, ...parsed, updatedAt })
    .onConflictDoUpdate({ target: merchantSettings.id, set: { ...parsed, updatedAt } });
}
