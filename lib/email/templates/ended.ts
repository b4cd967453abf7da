/**
 * 5. "Pedido expirado / cancelado": what happened, and "Comprar novamente"; a Pix that expired
 * unpaid says "Seu Pix expirou — gere um novo" and leads to the order page's "Gerar novo Pix"
 * (the same order again: lib/payments/attempts.ts). Once per order (its outbox key), capped per
 * recipient like every e-mail an unpaid order causes (caps.ts), off with "sendEnded".
 */
import { formatBRL } from '@balcao/br/money';
import { greeting, orderRef, orderUrl } from './common';
import { html } from './html';
import { button, layout, moneyTable, moneyText, p, textFooter } from './layout';
import type { EmailData, RenderedEmail } from './types';

export function endedEmail(d: EmailData): RenderedEmail {
  if (d.kind === 'expired' && d.order.method === 'pix') return pixExpiredEmail(d);
  const canceled = d.kind === 'canceled';
  const amount = formatBRL(d.order.money.totalCents);
  const what = canceled
    ? `A cobrança de ${amount} do pedido ${orderRef(d)} foi cancelada pela loja e não pode mais ser paga.`
    : `O prazo para pagar o pedido ${orderRef(d)} (${amount}) terminou sem que recebêssemos o pagamento. A cobrança expirou e não pode mais ser paga.`;
  const body = html`${p(greeting(d))}${p(what)}
${moneyTable(d.order.money)}
${p('Ainda quer estes itens? Faça o pedido de novo com um clique:')}
${button(orderUrl(d), 'Comprar novamente')}
${p('Se você pagou e recebeu este e-mail, responda a esta mensagem: nós verificamos.')}`;
  const text = `${greeting(d)}

${what}

${moneyText(d.order.money)}

Comprar novamente: ${orderUrl(d)}

Se você pagou e recebeu este e-mail, responda a esta mensagem.${textFooter(d.shop.name)}`;
  return {
    subject: canceled ? `Pedido ${orderRef(d)} cancelado` : `Pedido ${orderRef(d)} expirado`,
    html: layout({ shopName: d.shop.name, preheader: what, title: canceled ? 'Pedido cancelado' : 'Pedido expirado', body }),
    text,
    attachments: [],
  };
}

function pixExpiredEmail(d: EmailData): RenderedEmail {
  const amount = formatBRL(d.order.money.totalCents);
  const what = `O Pix de ${amount} do pedido ${orderRef(d)} expirou sem pagamento. Nada foi cobrado, e o pedido continua com você: gere um novo Pix para ele em um clique.`;
  const body = html`${p(greeting(d))}${p(what)}
${moneyTable(d.order.money)}
${button(orderUrl(d), 'Gerar novo Pix')}
${p('Se você pagou e recebeu este e-mail, responda a esta mensagem: nós verificamos.')}`;
  const text = `${greeting(d)}

${what}

${moneyText(d.order.money)}

Gerar novo Pix: ${orderUrl(d)}

Se você pagou e recebeu este e-mail, responda a esta mensagem.${textFooter(d.shop.name)}`;
  return {
    subject: 'Seu Pix expirou — gere um novo',
    html: layout({ shopName: d.shop.name, preheader: what, title: 'Seu Pix expirou', body }),
    text,
    attachments: [],
  };
}
