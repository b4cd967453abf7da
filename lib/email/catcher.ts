/**
 * The mail catcher's reads (/sandbox/emails): the messages kept instead of sent, newest
 * first, and one message with its HTML made viewable in a sandboxed iframe.
 */
import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { db } from '@/db';
import { caughtEmails, type CaughtEmail } from '@/db/schema';
import { getMerchantOrNull } from '@/lib/auth/session';
import { env } from '@/lib/config/env';

export type CaughtAttachment = { filename: string; contentType: string; cid?: string; base64: string };

/**
 * Who may read the catcher: nobody when the sandbox is off; in production (a public demo,
 * where visitors type real e-mail addresses) only a signed-in merchant; anyone in development.
 */
export async function catcherAccess(): Promise<'open' | 'needs_login' | 'off'> {
  if (!env().sandboxEnabled) return 'off';
  if (!env().isProduction) return 'open';
  return (await getMerchantOrNull()) ? 'open' : 'needs_login';
}

export async function listCaught(limit = 100): Promise<Omit<CaughtEmail, 'html' | 'text' | 'attachments'>[]> {
  return db()
    .select({
      id: caughtEmails.id,
      outboxId: caughtEmails.outboxId,
      orderId: caughtEmails.orderId,
      kind: caughtEmails.kind,
      fromAddress: caughtEmails.fromAddress,
      toAddress: caughtEmails.toAddress,
      replyTo: caughtEmails.replyTo,
      subject: caughtEmails.subject,
      messageId: caughtEmails.messageId,
      createdAt: caughtEmails.createdAt,
    })
    .from(caughtEmails)
    .orderBy(desc(caughtEmails.id))
    .limit(limit);
}

export async function caughtById(id: number): Promise<(CaughtEmail & { files: CaughtAttachment[] }) | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [row] = await db().select().from(caughtEmails).where(eq(caughtEmails.id, id));
  if (!row) return undefined;
  let files: CaughtAttachment[] = [];
  try {
    files = JSON.parse(row.attachments) as CaughtAttachment[];
  } catch {
    files = [];
  }
  return { ...row, files };
}

export const attachmentPath = (id: number, index: number) => `/sandbox/emails/${id}/attachments/${index}`;

/**
 * The message's HTML with each cid: image inlined as a data: URI, as a mail program shows it.
 * (The iframe is sandboxed without allow-same-origin, so a request from it carries no session
 * cookie; a data: image needs none.)
 */
export function viewableHtml(html: string, files: CaughtAttachment[]): string {
  return html.replace(/(["'(])cid:([^"')\s]+)/g, (whole, quote: string, cid: string) => {
    const file = files.find((f) => f.cid === cid && /^image\/(png|jpeg|gif)$/.test(f.contentType));
    return file ? `${quote}data:${file.contentType};base64,${file.base64}` : whole;
  });
}
