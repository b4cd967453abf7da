/** "Avalie sua compra": days after delivery, the signed link to review each product of the order once. */
import { greeting, orderRef } from './common';
import { html } from './html';
import { button, layout, p, textFooter } from './layout';
import type { EmailData, RenderedEmail } from './types';

export function reviewRequestEmail(d: EmailData): RenderedEmail {
  const url = d.review?.url ?? '';
  const names = d.review?.products ?? [];
  const list = names.length ? names.join(', ') : 'os produtos';
  const body = html`${p(greeting(d))}${p(html`Como foi a sua compra ${orderRef(d)}? Conte para outros compradores o que achou de ${list}.`)}
${button(url, 'Avaliar')}
${p('Leva um minuto. Só o seu primeiro nome e a inicial do sobrenome aparecem, se você quiser.')}`;
  const text = `${greeting(d)}

Como foi a sua compra ${orderRef(d)}? Conte para outros compradores o que achou de ${list}.

Avaliar: ${url}${textFooter(d.shop.name)}`;
  return {
    subject: `Avalie sua compra: pedido ${orderRef(d)}`,
    html: layout({ shopName: d.shop.name, preheader: 'Conte o que achou dos produtos.', title: 'Avalie sua compra', body }),
    text,
    attachments: [],
  };
}
