/**
 * The reminder e-mail's links: "Finalizar minha compra" (restore) and "Não quero receber
 * lembretes" (unsubscribe). Each is `<draft id>.<nonce>.<step>.<hmac>` signed under the
 * server's secret for one purpose: a restore token does not unsubscribe and the other way
 * round, and no token names another draft. A restore link works once: using it bumps the
 * draft's nonce, so every older restore link of that draft says "já foi usado".
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkPurpose = 'restore' | 'unsubscribe';

const sign = (purpose: LinkPurpose, body: string, secret: string) => createHmac('sha256', secret).update(`draft-${purpose}:${body}`, 'utf8').digest('base64url');

export function draftLinkToken(purpose: LinkPurpose, d: { id: string; nonce: number; step: number }, secret: string): string {
  const body = `${d.id}.${d.nonce}.${d.step}`;
  return `${body}.${sign(purpose, body, secret)}`;
}

export function readDraftLinkToken(purpose: LinkPurpose, token: string, secret: string): { id: string; nonce: number; step: number } | null {
  const parts = token.split('.');
  if (parts.length !== 4 || token.length > 200) return null;
  const [id, nonce, step, mac] = parts;
  const expected = Buffer.from(sign(purpose, `${id}.${nonce}.${step}`, secret));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (!/^\d{1,9}$/.test(nonce) || !/^[0-3]$/.test(step)) return null;
  return { id, nonce: Number(nonce), step: Number(step) };
}

export const restorePath = (token: string) => `/checkout/retomar/${encodeURIComponent(token)}`;
export const unsubscribePath = (token: string) => `/lembretes/sair/${encodeURIComponent(token)}`;
