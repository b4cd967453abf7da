/** 2. "Pagamento confirmado": items, total, when it was paid, the receipt. */
import { formatBRL } from '@balcao/br/money';
import { dateTimeBR, greeting, orderRef, receiptUrl } from './common';
import { html } from './html';
import { button, facts, layout, moneyTable, moneyText, p, textFooter } from './layout';
import type { EmailData, RenderedEmail } from './types';

export function paidEmail(d: EmailData): RenderedEmail {
  const amount = formatBRL(d.order.money.totalCents);
  const paidAt = dateTimeBR(d.order.paidAt);
  const body = html`${p(greeting(d))}${p(html`Recebemos o pagamento do pedido ${orderRef(d)}. Obrigado pela compra!`)}
${facts([['Pago em', paidAt], ['Forma de pagamento', d.order.method === 'pix' ? 'Pix' : 'Boleto'], ...(d.delivery?.arrival ? ([['Entrega', d.delivery.arrival]] as [string, string][]) : [])])}
${digitalHtml(d)}${moneyTable(d.order.money)}
${button(receiptUrl(d), 'Ver o recibo')}`;
  const text = `${greeting(d)}

Recebemos o pagamento do pedido ${orderRef(d)}. Obrigado pela compra!

Pago em: ${paidAt}${d.delivery?.arrival ? `\nEntrega: ${d.delivery.arrival}` : ''}
${digitalText(d)}${moneyText(d.order.money)}

Ver o recibo: ${receiptUrl(d)}${textFooter(d.shop.name)}`;
  return {
    subject: `Pagamento confirmado: pedido ${orderRef(d)}`,
    html: layout({ shopName: d.shop.name, preheader: `Recebemos ${amount} em ${paidAt}.`, title: 'Pagamento confirmado', body }),
    text,
    attachments: [],
  };
}

/** "Baixar" / "Acessar" for each digital product: links valid 7 days and 5 uses. */
function digitalHtml(d: EmailData) {
  if (!d.digital?.length) return html``;
  return html`${p(d.digital.length === 1 ? 'Seu produto digital já está liberado:' : 'Seus produtos digitais já estão liberados:')}
${d.digital.map((x) => html`${p(x.name)}${button(x.href, x.action)}`)}
${p(html`<small>Cada link vale 7 dias e 5 acessos.</small>`)}`;
}

function digitalText(d: EmailData): string {
  if (!d.digital?.length) return '';
  return `${d.digital.map((x) => `${x.name}\n${x.action}: ${x.href}`).join('\n\n')}\n(Cada link vale 7 dias e 5 acessos.)\n\n`;
}
