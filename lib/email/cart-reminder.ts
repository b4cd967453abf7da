/**
 * The abandoned-checkout reminder (outbox kind `cart_reminder`, key `draft:<id>:reminder:<n>`,
 * no order): the saved cart's lines with their photos at today's prices (a payment link's or
 * session's lines as saved, at their own price), the total, the button
 * "Finalizar minha compra" (a signed restore link, draft-links.ts) and "Não quero receber
 * lembretes" (one click). Rendered at send time from the draft as it is then: a draft converted,
 * deleted or all sold out since, or an address that opted out, is not sent.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { abandonedCheckoutSettings, checkoutDrafts, emailOptOuts } from '@/db/schema';
import { env } from '@/lib/config/env';
import { itemsOfProducts } from '@/lib/catalog/catalog';
import { priceCart } from '@/lib/orders/pricing';
import { formatBRL } from '@balcao/br/money';
import { getShopIdentity } from '@/lib/shop/identity';
import { draftLinkToken, restorePath, unsubscribePath } from './draft-links';
import { html } from './templates/html';
import { button, layout, link, p } from './templates/layout';
import type { RenderedEmail } from './templates/types';

export type CartReminderEmail = { shopName: string; rendered: RenderedEmail } | { skip: string };

const KEY = /^draft:([^:]+):reminder:([1-3])$/;

/** The coupon the merchant attached to step 2 or 3, if any. */
export async function stepCoupon(step: number): Promise<string | null> {
  const [s] = await db().select().from(abandonedCheckoutSettings).where(eq(abandonedCheckoutSettings.id, 1));
  if (!s) return null;
  return step === 2 ? s.step2Coupon : step === 3 ? s.step3Coupon : null;
}

export async function loadCartReminderEmail(row: { dedupeKey: string; recipient: string }): Promise<CartReminderEmail> {
  const m = KEY.exec(row.dedupeKey);
  if (!m) return { skip: 'Não enviado: lembrete desconhecido' };
  const [draft] = await db().select().from(checkoutDrafts).where(eq(checkoutDrafts.id, m[1]));
  if (!draft) return { skip: 'Não enviado: o carrinho não existe mais' };
  if (draft.status !== 'open') return { skip: 'Não enviado: a compra já foi finalizada' };
  const [opted] = await db().select().from(emailOptOuts).where(eq(emailOptOuts.email, row.recipient));
  if (opted) return { skip: 'Não enviado: o endereço pediu para não receber lembretes' };
  const shown = await shownLines(draft);
  if (!shown) return { skip: 'Não enviado: os produtos esgotaram' };
  const step = Number(m[2]);
  const coupon = await stepCoupon(step);
  const { appUrl, authSecret } = env();
  const restoreUrl = `${appUrl}${restorePath(draftLinkToken('restore', { id: draft.id, nonce: draft.restoreNonce, step }, authSecret))}`;
  const unsubscribeUrl = `${appUrl}${unsubscribePath(draftLinkToken('unsubscribe', { id: draft.id, nonce: 0, step: 0 }, authSecret))}`;
  const shopName = (await getShopIdentity()).name;
  const total = formatBRL(shown.totalCents);
  const intro = draft.source === 'cart' ? 'Você deixou estes produtos no carrinho. Eles ainda estão aqui, é só finalizar.' : 'Você começou este pagamento e não o concluiu. Ele ainda está aqui, é só finalizar.';
  const photo = (src: string) => (/^https?:/.test(src) ? src : `${appUrl}${src.startsWith('/') ? '' : '/'}${src}`);
  const cell = 'padding:6px 0;font-size:15px;border-bottom:1px solid #eaeef2;vertical-align:middle';
  const body = html`${p(intro)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px">
${shown.lines.map(
  (l) =>
    html`<tr><td width="64" style="${cell}">${l.imagePath ? html`<img src="${photo(l.imagePath)}" width="56" height="56" alt="${l.name}" style="display:block;width:56px;height:56px;border:0;border-radius:4px;object-fit:cover">` : ''}</td><td style="${cell}">${l.quantity} × ${l.name}${l.problem ? html` <span style="color:#57606a">(${l.problem})</span>` : ''}</td><td align="right" style="${cell};white-space:nowrap">${formatBRL(l.lineTotalCents)}</td></tr>`,
)}
<tr><td></td><td style="padding:8px 0;font-size:16px;font-weight:700">Total</td><td align="right" style="padding:8px 0;font-size:16px;font-weight:700;white-space:nowrap">${total}</td></tr>
</table>
${coupon ? p(html`Use o cupom <strong>${coupon}</strong>: ele já vem aplicado pelo botão abaixo.`) : ''}
${button(restoreUrl, 'Finalizar minha compra')}`;
  const reason = `Você recebeu este e-mail porque começou uma compra em ${shopName} e informou este endereço.`;
  const footer = html`${link(unsubscribeUrl, 'Não quero receber lembretes')}<br>`;
  const text = [
    intro,
    '',
    ...shown.lines.map((l) => `${l.quantity} × ${l.name}: ${formatBRL(l.lineTotalCents)}`),
    `Total: ${total}`,
    ...(coupon ? ['', `Cupom: ${coupon}`] : []),
    '',
    `Finalizar minha compra: ${restoreUrl}`,
    '',
    '--',
    reason,
    `Não quero receber lembretes: ${unsubscribeUrl}`,
  ].join('\n');
  return {
    shopName,
    rendered: {
      subject: `Seu carrinho está esperando — ${shopName}`,
      html: layout({ shopName, preheader: `Seus produtos ainda estão no carrinho: ${total}`, title: 'Sua compra ficou pela metade', body, footer, reason }),
      text,
      attachments: [],
    },
  };
}

type ShownLine = { name: string; quantity: number; lineTotalCents: number; imagePath?: string; problem?: string };

/**
 * The lines the e-mail lists, or null when nothing can be bought: a cart's at today's catalog
 * prices, with photos; a payment link's or an API session's as the draft saved them (their own
 * price; whether the link or session still takes payments was checked when the reminder was due).
 */
async function shownLines(draft: { source: string; lines: string; totalCents: number }): Promise<{ lines: ShownLine[]; totalCents: number } | null> {
  let saved: { productId: number | null; variantId?: number; quantity: number; unitCents?: number; name?: string }[] = [];
  try {
    saved = JSON.parse(draft.lines) as typeof saved;
  } catch {
    saved = [];
  }
  if (draft.source !== 'cart') {
    const lines = saved.map((l) => ({ name: l.name ?? '', quantity: l.quantity, lineTotalCents: (l.unitCents ?? 0) * l.quantity }));
    return lines.length > 0 ? { lines, totalCents: draft.totalCents } : null;
  }
  const items = saved.filter((l): l is typeof l & { productId: number } => l.productId !== null);
  const cart = priceCart(items, await itemsOfProducts(items.map((l) => l.productId)));
  if (!cart.lines.some((l) => l.problem !== 'Esgotado.')) return null;
  return {
    lines: cart.lines.map((l) => ({ name: l.product.name, quantity: l.quantity, lineTotalCents: l.lineTotalCents, imagePath: l.product.imagePath, ...(l.problem ? { problem: l.problem } : {}) })),
    totalCents: cart.subtotalCents,
  };
}
