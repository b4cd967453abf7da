/** The shopper's fulfilment e-mails: "Seu pedido foi enviado", "Pronto para retirada", "Pedido entregue". */
import { greeting, orderRef, orderUrl, webUrl } from './common';
import { html } from './html';
import { button, codeBox, facts, layout, p, textFooter, urlLink } from './layout';
import type { EmailData, RenderedEmail } from './types';

export function shippedEmail(d: EmailData): RenderedEmail {
  const carrier = d.delivery?.carrier ?? '—';
  const code = d.delivery?.trackingCode ?? '';
  const track = webUrl(d.delivery?.trackingUrl ?? null);
  const address = d.delivery?.addressLines ?? [];
  const body = html`${p(greeting(d))}${p(html`Seu pedido ${orderRef(d)} foi enviado pela transportadora <strong>${carrier}</strong>.`)}
${d.delivery?.arrival ? p(d.delivery.arrival) : ''}
${code ? codeBox('Código de rastreio', code, 'tracking-code') : ''}
${track ? button(track, 'Acompanhar entrega') : ''}
${address.length ? p(html`Endereço de entrega:<br>${address.map((l, i) => html`${i ? html`<br>` : ''}${l}`)}`) : ''}
${d.invoice ? p(html`<strong>Nota fiscal</strong>: ${urlLink(d.invoice.danfeUrl)}`) : ''}
${p(html`Acompanhe também pela página do pedido: ${urlLink(orderUrl(d))}`)}`;
  const text = `${greeting(d)}

Seu pedido ${orderRef(d)} foi enviado pela transportadora ${carrier}.
${code ? `\nCódigo de rastreio: ${code}` : ''}${track ? `\nAcompanhar entrega: ${track}` : ''}
${address.length ? `\nEndereço de entrega:\n${address.join('\n')}\n` : ''}${d.invoice ? `\nNota fiscal: ${d.invoice.danfeUrl}\n` : ''}
Página do pedido: ${orderUrl(d)}${textFooter(d.shop.name)}`;
  return {
    subject: `Seu pedido foi enviado: pedido ${orderRef(d)}`,
    html: layout({ shopName: d.shop.name, preheader: code ? `Código de rastreio: ${code}` : `Enviado por ${carrier}.`, title: 'Seu pedido foi enviado', body }),
    text,
    attachments: [],
  };
}

export function readyForPickupEmail(d: EmailData): RenderedEmail {
  const where = d.delivery?.pickupAddress || null;
  const rows: [string, string][] = where ? [['Endereço', where]] : [];
  const body = html`${p(greeting(d))}${p(html`Seu pedido ${orderRef(d)} está pronto para retirada. Leve um documento com foto.`)}
${rows.length ? facts(rows) : ''}
${button(orderUrl(d), 'Ver o pedido')}`;
  const text = `${greeting(d)}

Seu pedido ${orderRef(d)} está pronto para retirada. Leve um documento com foto.
${where ? `\nEndereço: ${where}` : ''}

Ver o pedido: ${orderUrl(d)}${textFooter(d.shop.name)}`;
  return {
    subject: `Pronto para retirada: pedido ${orderRef(d)}`,
    html: layout({ shopName: d.shop.name, preheader: where ? `Retire em ${where}.` : 'Seu pedido está pronto.', title: 'Pronto para retirada', body }),
    text,
    attachments: [],
  };
}

export function deliveredEmail(d: EmailData): RenderedEmail {
  const body = html`${p(greeting(d))}${p(html`O pedido ${orderRef(d)} foi entregue. Obrigado pela compra!`)}
${button(orderUrl(d), 'Ver o pedido')}`;
  const text = `${greeting(d)}

O pedido ${orderRef(d)} foi entregue. Obrigado pela compra!

Ver o pedido: ${orderUrl(d)}${textFooter(d.shop.name)}`;
  return {
    subject: `Pedido entregue: pedido ${orderRef(d)}`,
    html: layout({ shopName: d.shop.name, preheader: 'Seu pedido chegou.', title: 'Pedido entregue', body }),
    text,
    attachments: [],
  };
}
