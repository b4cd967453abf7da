/**
 * Which of the shop's e-mails are sent and where replies go (one row, id = 1): a reply-to
 * address and a switch per kind. The sender's name is the shop's name (Configurações → Loja,
 * lib/shop/identity.ts); the table's old sender_name column is no longer read.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '@/db';
import { emailSettings } from '@/db/schema';

export const DEFAULT_EMAIL_SETTINGS = {
  replyTo: null as string | null,
  sendInstructions: true,
  sendPaid: true,
  sendReminders: true,
  sendRefunded: true,
  sendEnded: true,
};
export type EmailSettings = typeof DEFAULT_EMAIL_SETTINGS;
export const EMAIL_SWITCHES = ['sendInstructions', 'sendPaid', 'sendReminders', 'sendRefunded', 'sendEnded'] as const;

export const emailSettingsSchema = z.object({
  replyTo: z
    .string()
    .trim()
    .max(254, { message: 'E-mail longo demais.' })
    .refine((v) => v === '' || z.email().safeParse(v).success, { message: 'Informe um e-mail válido, como contato@sualoja.com.br.' })
    .transform((v) => (v === '' ? null : v)),
  sendInstructions: z.boolean(),
  sendPaid: z.boolean(),
  sendReminders: z.boolean(),
  sendRefunded: z.boolean(),
  sendEnded: z.boolean(),
});

export async function getEmailSettings(): Promise<EmailSettings> {
  const [row] = await db().select().from(emailSettings).where(eq(emailSettings.id, 1));
  if (!row) return { ...DEFAULT_EMAIL_SETTINGS };
  const { id: _id, updatedAt: _u, senderName: _s, ...rest } = row;
  return rest;
}

export async function updateEmailSettings(values: EmailSettings): Promise<void> {
  const parsed = emailSettingsSchema.parse({ ...values, replyTo: values.replyTo ?? '' });
  const updatedAt = new Date().toISOString();
  await db()
    .insert(emailSettings)
    .values({ id: 1, ...parsed, updatedAt })
    .onConflictDoUpdate({ target: emailSettings.id, set: { ...parsed, updatedAt } });
}
