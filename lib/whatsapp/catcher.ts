/**
 * "WhatsApp do comprador" (/sandbox/whatsapp): each buyer's conversation with the shop as the
 * embedded sandbox holds it. In development it is open; in a public demo it needs a signed-in
 * merchant, and a role without `buyers:read` (the demonstration account) reads it masked: the
 * number as "(11) *****-**21" and the buyer's own words hidden.
 */
import 'server-only';
import { conversations, receiveReply, tick, type Conversation } from '@balcao/whatsapp-sandbox';
import { formatMobile, maskMobile } from '@balcao/br/phone';
import { can } from '@/lib/auth/permissions';
import { getEnrolledMerchantOrNull } from '@/lib/auth';
import { env } from '@/lib/config/env';
import { whatsappSandbox } from './sandbox';
import { SANDBOX_PHONE_NUMBER_ID } from './settings';

export type WhatsappCatcherAccess = 'off' | 'open' | 'masked' | 'needs_login';

export async function whatsappCatcherAccess(): Promise<WhatsappCatcherAccess> {
  const e = env();
  if (!e.sandboxEnabled) return 'off';
  if (!e.publicDemo) return 'open';
  const merchant = await getEnrolledMerchantOrNull();
  if (!merchant || !can(merchant.role, 'dashboard:view')) return 'needs_login';
  return can(merchant.role, 'buyers:read') ? 'open' : 'masked';
}

export type ConversationView = {
  /** The reply form's handle: a message of the conversation (never the number, which may be masked). */
  ref: string;
  title: string;
  messages: (Conversation['messages'][number] & { mine: boolean })[];
};

const national = (peer: string) => (peer.startsWith('55') && peer.length === 13 ? peer.slice(2) : peer);

/** The conversations, after a tick of the sandbox's clock (so the ticks are current). */
export async function conversationViews(access: 'open' | 'masked'): Promise<ConversationView[]> {
  const sb = whatsappSandbox();
  await tick(sb);
  return conversations(sb).map((c) => ({
    ref: c.messages[0].wamid,
    title: access === 'masked' ? maskMobile(national(c.peer)) : formatMobile(national(c.peer)),
    messages: c.messages.map((m) => ({
      ...m,
      mine: m.direction === 'in',
      text: access === 'masked' && m.direction === 'in' ? '•••' : m.text,
      // The sandbox's templates point at a placeholder host: here they open this shop's own pages.
      buttons: m.buttons.map((b) => ({ ...b, url: b.url?.replace(/^https:\/\/balcao\.invalid/, '') })),
    })),
  }));
}

/** "Responder como comprador": the buyer's words, delivered to the shop's webhook as Meta would. */
export async function replyAsBuyer(ref: string, text: string): Promise<boolean> {
  const sb = whatsappSandbox();
  const row = sb.db.prepare('select peer, phone_number_id from messages where wamid = ?').get(ref) as { peer: string; phone_number_id: string } | undefined;
  const words = text.trim().slice(0, 1000);
  if (!row || !words) return false;
  receiveReply(sb, { from: row.peer, text: words, phoneNumberId: row.phone_number_id || SANDBOX_PHONE_NUMBER_ID });
  await tick(sb);
  return true;
}
