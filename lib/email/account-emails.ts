/**
 * E-mails about a merchant user's account (a password reset link, an invitation to the team):
 * outbox rows without an order, keyed `account:<token id>`. The link is written at send time
 * from the account token's id (lib/security/tokens.ts `accountLinkToken`), so neither the
 * outbox nor the token table holds a working link; a token used or expired before the worker
 * gets to it is not sent.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { db, type Tx } from '@/db';
import { run, type Step } from '@/db/driver';
import { ACCOUNT_EMAIL_KINDS, accountTokens, emailOutbox, type AccountEmailKind, type OutboxKind } from '@/db/schema';
import { env } from '@/lib/config/env';
import { noteOutboxRow } from '@/lib/server/after-pass';
import { accountLinkToken } from '@/lib/security';
import { ROLE_LABELS } from '@/lib/auth/permissions';
import { getShopIdentity } from '@/lib/shop';
import { html } from './templates/html';
import { button, layout, p, urlLink } from './templates/layout';
import type { RenderedEmail } from './templates/types';

export function isAccountEmailKind(kind: OutboxKind): kind is AccountEmailKind {
  return (ACCOUNT_EMAIL_KINDS as readonly string[]).includes(kind);
}

export const accountEmailKey = (tokenId: string) => `account:${tokenId}`;

/** The pages an account link opens (docs/reference.md). */
export const resetPath = (token: string) => `/login/redefinir/${encodeURIComponent(token)}`;
export const invitationPath = (token: string) => `/convite/${encodeURIComponent(token)}`;

/** Writes the e-mail of account token `tokenId` in the caller's transaction. */
export function* enqueueAccountEmail(tx: Tx, e: { tokenId: string; kind: AccountEmailKind; recipient: string }): Generator<Step, number, unknown> {
  noteOutboxRow('email', accountEmailKey(e.tokenId));
  return yield* run(tx.insert(emailOutbox).values({ dedupeKey: accountEmailKey(e.tokenId), orderId: null, kind: e.kind, recipient: e.recipient }).onConflictDoNothing());
}

export type AccountEmail = { shopName: string; rendered: RenderedEmail } | { skip: string };

/** The e-mail of an account row of the outbox, as it is now (its link computed again from the token's id). */
export async function loadAccountEmail(row: { dedupeKey: string; kind: AccountEmailKind }, now = Date.now()): Promise<AccountEmail> {
  const id = row.dedupeKey.slice('account:'.length);
  const [token] = await db().select().from(accountTokens).where(eq(accountTokens.id, id));
  if (!token) return { skip: 'Não enviado: o link não existe mais' };
  if (token.usedAt) return { skip: 'Não enviado: o link já foi usado' };
  if (Date.parse(token.expiresAt) <= now) return { skip: 'Não enviado: o link expirou' };
  const { appUrl, authSecret } = env();
  const secret = accountLinkToken(token.id, authSecret);
  const shopName = (await getShopIdentity()).name;
  if (row.kind === 'password_reset') {
    const url = `${appUrl}${resetPath(secret)}`;
    const reason = 'Você recebeu este e-mail porque alguém pediu para redefinir a senha desta conta no painel da loja.';
    const lead = 'Use o botão abaixo para escolher uma nova senha. O link vale por 1 hora e funciona uma vez. Se não foi você, ignore este e-mail: sua senha continua a mesma.';
    return {
      shopName,
      rendered: {
        subject: `Redefinir senha — ${shopName}`,
        html: layout({ shopName, preheader: 'Link para escolher uma nova senha (vale 1 hora)', title: 'Redefinir senha', body: html`${p(lead)}${button(url, 'Escolher nova senha')}${p(html`Ou abra: ${urlLink(url)}`)}`, reason }),
        text: `${lead}\n\nEscolher nova senha: ${url}\n\n--\n${reason}`,
        attachments: [],
      },
    };
  }
  const url = `${appUrl}${invitationPath(secret)}`;
  const role = token.role ? ROLE_LABELS[token.role] : '';
  const reason = `Você recebeu este e-mail porque foi convidado para a equipe de ${shopName}.`;
  const lead = `Você foi convidado para o painel de ${shopName} com o papel "${role}". Abra o link para escolher seu nome e sua senha. O convite vale por 7 dias e funciona uma vez.`;
  return {
    shopName,
    rendered: {
      subject: `Convite para a equipe — ${shopName}`,
      html: layout({ shopName, preheader: `Convite com o papel ${role}`, title: 'Convite para a equipe', body: html`${p(lead)}${button(url, 'Aceitar convite')}${p(html`Ou abra: ${urlLink(url)}`)}`, reason }),
      text: `${lead}\n\nAceitar convite: ${url}\n\n--\n${reason}`,
      attachments: [],
    },
  };
}
