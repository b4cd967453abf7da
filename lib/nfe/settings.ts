/**
 * Configurações → Nota fiscal as the page reads it and the form saves it: connected or not, the
 * nature of operation (chosen from Bling's own list, read live) and "Emitir automaticamente
 * quando o pedido for pago". Never a token. No series: the note is made from the sales order
 * (`gerar-nfe`), which takes none, so the Bling account's own NF-e series applies (docs/bling-contract.md).
 */
import 'server-only';
import { z } from 'zod';
import { db } from '@/db';
import { blingSettings } from '@/db/schema';
import type { Nature } from './bling-client';
import { blingSettingsRow, blingTarget, connectedBling, isConnected } from './connection';

export type InvoiceSettingsView = {
  available: boolean;
  connected: boolean;
  embedded: boolean;
  natureId: string | null;
  natureName: string | null;
  autoEmit: boolean;
};

export async function invoiceSettingsView(): Promise<InvoiceSettingsView> {
  const row = await blingSettingsRow();
  const target = blingTarget();
  return {
    available: !!target,
    connected: isConnected(row),
    embedded: row?.embedded ?? target?.embedded ?? false,
    natureId: row?.natureId ?? null,
    natureName: row?.natureName ?? null,
    autoEmit: row?.autoEmit ?? false,
  };
}

/** Bling's natures of operation (active ones), or the reason they could not be read. */
export async function naturesOrProblem(): Promise<{ natures: Nature[] } | { problem: string }> {
  try {
    const api = await connectedBling();
    if (!api) return { problem: 'Conecte o Bling para escolher a natureza de operação.' };
    return { natures: await api.natures() };
  } catch (e) {
    return { problem: e instanceof Error ? e.message : 'Não foi possível ler as naturezas de operação do Bling.' };
  }
}

export const invoiceSettingsSchema = z.object({
  natureId: z.string().regex(/^\d{1,20}$/, 'Escolha a natureza de operação.'),
  autoEmit: z.preprocess((v) => v === 'on' || v === 'true', z.boolean()),
});
export type InvoiceSettingsInput = z.infer<typeof invoiceSettingsSchema>;

export async function saveInvoiceSettings(input: InvoiceSettingsInput, natureName: string): Promise<void> {
  const values = { natureId: input.natureId, natureName, autoEmit: input.autoEmit, updatedAt: new Date().toISOString() };
  await db()
    .insert(blingSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: blingSettings.id, set: values });
}
