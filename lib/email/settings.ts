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
  sendShipped: true,
  sendReadyForPickup: true,
  sendDelivered: false,
  sendNewSale: true,
  sendLatePayment: true,
  /** The merchant's alerts: comma-separated addresses ('' → every merchant user's e-mail). */
  notificationEmails: '',
};
export type EmailSettings = typeof DEFAULT_EMAIL_SETTINGS;
export const EMAIL_SWITCHES = [
  'sendInstructions',
  'sendPaid',
  'sendReminders',
  'sendRefunded',
  'sendEnded',
  'sendShipped',
  'sendReadyForPickup',
  'sendDelivered',
  'sendNewSale',
  'sendLatePayment',
] as const;

export const MAX_NOTIFICATION_EMAILS = 5;

/** "a@x.com, b@y.com" (commas, semicolons, spaces or lines) → the addresses, checked; '' is allowed. */
export const notificationEmailsSchema = z
  .string()
  .trim()
  .max(600, { message: 'Lista longa demais.' })
  .transform((v) => v.split(/[\s,;]+/).filter(Boolean))
  .superRefine((list, ctx) => {
    const bad = list.find((a) => a.length > 254 || !z.email().safeParse(a).success);
    if (bad) ctx.addIssue({ code: 'custom', message: `"${bad.slice(0, 60)}" não é um e-mail válido. Separe os e-mails com vírgula.` });
    else if (list.length > MAX_NOTIFICATION_EMAILS) ctx.addIssue({ code: 'custom', message: `Use no máximo ${MAX_NOTIFICATION_EMAILS} e-mails.` });
  })
  .transform((list) => [...new Set(list.map((a) => a.toLowerCase()))].join(', '));

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
  sendShipped: z.boolean(),
  sendReadyForPickup: z.boolean(),
  sendDelivered: z.boolean(),
  sendNewSale: z.boolean(),
  sendLatePayment: z.boolean(),
  notificationEmails: notificationEmailsSchema,
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
