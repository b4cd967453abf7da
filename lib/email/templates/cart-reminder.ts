/**
 * The abandoned-checkout reminder's words and markup (lib/email/cart-reminder.ts loads what it
 * shows). Each checkout path has its own words: a cart's shopper left products in a cart; a
 * payment link's shopper started paying one thing (the link's title and amount); an API
 * session's shopper started a purchase on the merchant's own site. The button "Finalizar minha
 * compra" and the footer's "Não quero receber lembretes" are the same on all three. Pure.
 */
import { formatBRL } from '@balcao/br/money';
import { html } from './html';
import { button, layout, link, p } from './layout';
import type { RenderedEmail } from './types';

export type CartReminderPath = 'cart' | 'link' | 'session';

/** One line as the e-mail lists it; `imageUrl` absolute (the e-mail is read far from the shop). */
export type CartReminderLine = { name: string; quantity: number; lineTotalCents: number; imageUrl?: string; problem?: string };

export type CartReminderData = {
  shopName: string;
  path: CartReminderPath;
  /** A payment link's title (its one line's name), for the link's words. */
  linkTitle?: string;
  lines: CartReminderLine[];
  /** 0 when a payment link's buyer had not typed an amount yet: no amount is said then. */
  totalCents: number;
  /** The step's coupon, only where that checkout takes one. */
  coupon: string | null;
  restoreUrl: string;
  unsubscribeUrl: string;
};

type Words = { subject: string; title: string; preheader: string; intro: string; reason: string };

function wordsOf(d: CartReminderData): Words {
  const total = formatBRL(d.totalCents);
  const reason = (what: string) => `Você recebeu este e-mail porque começou ${what} em ${d.shopName} e informou este endereço.`;
  if (d.path === 'link') {
    const title = d.linkTitle ?? d.lines[0]?.name ?? '';
    const amount = d.totalCents > 0 ? ` de ${total}` : '';
    return {
      subject: `Seu pagamento ficou pela metade — ${d.shopName}`,
      title: 'Seu pagamento ficou pela metade',
      preheader: d.totalCents > 0 ? `${title}: ${total}` : title,
      intro: `Você começou o pagamento de “${title}”${amount} e não o concluiu. O link ainda está aberto, é só finalizar.`,
      reason: reason('um pagamento'),
    };
  }
  if (d.path === 'session') {
    return {
      subject: `Sua compra está esperando — ${d.shopName}`,
      title: 'Sua compra ficou pela metade',
      preheader: `Sua compra ainda está aqui: ${total}`,
      intro: 'Você começou esta compra e não a concluiu. Ela ainda está aqui, é só finalizar.',
      reason: reason('uma compra'),
    };
  }
  return {
    subject: `Seu carrinho está esperando — ${d.shopName}`,
    title: 'Sua compra ficou pela metade',
    preheader: `Seus produtos ainda estão no carrinho: ${total}`,
    intro: 'Você deixou estes produtos no carrinho. Eles ainda estão aqui, é só finalizar.',
    reason: reason('uma compra'),
  };
}

export function cartReminderEmail(d: CartReminderData): RenderedEmail {
  const w = wordsOf(d);
  const total = formatBRL(d.totalCents);
  const showTotal = d.path !== 'link' || d.totalCents > 0;
  const cell = 'padding:6px 0;font-size:15px;border-bottom:1px solid #eaeef2;vertical-align:middle';
  const anyPhoto = d.lines.some((l) => l.imageUrl);
  const body = html`${p(w.intro)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px">
${d.lines.map(
  (l) =>
    html`<tr>${anyPhoto ? html`<td width="64" style="${cell}">${l.imageUrl ? html`<img src="${l.imageUrl}" width="56" height="56" alt="${l.name}" style="display:block;width:56px;height:56px;border:0;border-radius:4px;object-fit:cover">` : ''}</td>` : ''}<td style="${cell}">${l.quantity} × ${l.name}${l.problem ? html` <span style="color:#57606a">(${l.problem})</span>` : ''}</td><td align="right" style="${cell};white-space:nowrap">${showTotal ? formatBRL(l.lineTotalCents) : ''}</td></tr>`,
)}
${showTotal ? html`<tr>${anyPhoto ? html`<td></td>` : ''}<td style="padding:8px 0;font-size:16px;font-weight:700">Total</td><td align="right" style="padding:8px 0;font-size:16px;font-weight:700;white-space:nowrap">${total}</td></tr>` : ''}
</table>
${d.coupon ? p(html`Use o cupom <strong>${d.coupon}</strong>: ele já vem aplicado pelo botão abaixo.`) : ''}
${button(d.restoreUrl, 'Finalizar minha compra')}`;
  const footer = html`${link(d.unsubscribeUrl, 'Não quero receber lembretes')}<br>`;
  const text = [
    w.intro,
    '',
    ...d.lines.map((l) => (showTotal ? `${l.quantity} × ${l.name}: ${formatBRL(l.lineTotalCents)}` : `${l.quantity} × ${l.name}`)),
    ...(showTotal ? [`Total: ${total}`] : []),
    ...(d.coupon ? ['', `Cupom: ${d.coupon}`] : []),
    '',
    `Finalizar minha compra: ${d.restoreUrl}`,
    '',
    '--',
    w.reason,
    `Não quero receber lembretes: ${d.unsubscribeUrl}`,
  ].join('\n');
  return {
    subject: w.subject,
    html: layout({ shopName: d.shopName, preheader: w.preheader, title: w.title, body, footer, reason: w.reason }),
    text,
    attachments: [],
  };
}
