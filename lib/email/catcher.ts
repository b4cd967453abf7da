/**
 * The mail catcher's reads (/sandbox/emails): the messages kept instead of sent, newest
 * first, and one message with its HTML made viewable in a sandboxed iframe.
 */
import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { db } from '@/db';
import { ACCOUNT_EMAIL_KINDS, caughtEmails, orders, type CaughtEmail } from '@/db/schema';
import { can } from '@/lib/auth/permissions';
import { getMerchantOrNull, mustEnrollTwoFactor } from '@/lib/auth';
import { maskBuyerIn, maskEmail } from '@balcao/br/personal-data';
import { env } from '@/lib/config/env';

export type CaughtAttachment = { filename: string; contentType: string; cid?: string; base64: string };

/**
 * Who may read the catcher: nobody when the sandbox is off; in production (a public demo,
 * where visitors type real e-mail addresses) only a signed-in merchant with `dashboard:view`
 * (and two-step sign-in enabled, when the Dono requires it of their role: `needs_two_factor`),
 * and one without `people:manage` (the demonstration account, a Gerente, an Atendente) reads it `masked`: recipients and
 * the buyer's data in the messages masked (@balcao/br/personal-data), no PDF attachments nor
 * links to the boleto (it names its payer) or to the order page (its token shows the buyer
 * whole); anyone in development.
 */
export type CatcherAccess = 'open' | 'masked' | 'needs_login' | 'needs_two_factor' | 'off';
export async function catcherAccess(): Promise<CatcherAccess> {
  if (!env().sandboxEnabled) return 'off';
  if (!env().isProduction) return 'open';
  const merchant = await getMerchantOrNull();
  if (!merchant || !can(merchant.role, 'dashboard:view')) return 'needs_login';
  // The Dono's "exigir verificação em duas etapas" covers the catcher as it covers the dashboard.
  if (await mustEnrollTwoFactor(merchant)) return 'needs_two_factor';
  // Whole messages hold account links (another person's password reset, an invitation): only
  // who manages the people reads them whole; everyone else reads masked, without them.
  return can(merchant.role, 'people:manage') ? 'open' : 'masked';
}

export const mayRead = (access: CatcherAccess) => access === 'open' || access === 'masked';

type CaughtSummary = Omit<CaughtEmail, 'html' | 'text' | 'attachments'>;

/**
 * A password reset or an invitation holds a working link to an account: a masked reader (the
 * public demo's shared login) never sees one, not even in the list.
 */
const isAccountMail = (kind: string | null) => kind !== null && (ACCOUNT_EMAIL_KINDS as readonly string[]).includes(kind);

export async function listCaught(access: CatcherAccess, limit = 100): Promise<CaughtSummary[]> {
  const rows = await listCaughtRows(limit);
  return access === 'masked' ? rows.filter((r) => !isAccountMail(r.kind)).map((r) => ({ ...r, toAddress: maskEmail(r.toAddress) })) : rows;
}

async function listCaughtRows(limit: number): Promise<CaughtSummary[]> {
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

/** One message as `access` may see it. */
export async function caughtFor(access: CatcherAccess, id: number): Promise<(CaughtEmail & { files: CaughtAttachment[] }) | undefined> {
  const mail = await caughtById(id);
  if (!mail || access !== 'masked') return mail;
  if (isAccountMail(mail.kind)) return undefined;
  const [buyer] = mail.orderId ? await db().select().from(orders).where(eq(orders.id, mail.orderId)) : [];
  const mask = (text: string) => withoutCapabilityLinks(buyer ? maskBuyerIn(text, buyer) : text, buyer?.token ?? null);
  return {
    ...mail,
    toAddress: maskEmail(mail.toAddress),
    subject: mask(mail.subject),
    html: mask(mail.html),
    text: mask(mail.text),
    files: mail.files.filter((f) => f.contentType.startsWith('image/')),
  };
}

/** What a masked reader sees instead of a link that would show the buyer whole. */
export const HIDDEN_LINK = '(link oculto)';
const BOLETO_LINK = /https?:\/\/[^\s"'<>]*\/sandbox\/invoice\/boleto\/[^\s"'<>]*/g;
/** A paid order's signed digital link (lib/digital/signed-link.ts): what the buyer bought, not the demo's to take. */
const DIGITAL_LINK = /https?:\/\/[^\s"'<>]*\/d\/\d+\.\d+\.\d+\.[A-Za-z0-9_-]{43}/g;

/**
 * A message without the links that are a capability to the buyer's data: the order page (its
 * token shows the buyer whole), the boleto's pages (the PDF prints the payer) and the digital
 * product's signed links (what the buyer paid for).
 */
export function withoutCapabilityLinks(text: string, orderToken: string | null): string {
  const out = text.replace(BOLETO_LINK, HIDDEN_LINK).replace(DIGITAL_LINK, HIDDEN_LINK);
  return orderToken && orderToken.length >= 16 ? out.split(orderToken).join('…') : out;
}

async function caughtById(id: number): Promise<(CaughtEmail & { files: CaughtAttachment[] }) | undefined> {
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
