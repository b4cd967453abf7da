/** 4. "Reembolso": how much came back (partial or total) and when. */
import { formatBRL } from '@balcao/br/money';
import { dateTimeBR, greeting, orderRef, orderUrl } from './common';
import { html } from './html';
import { button, facts, layout, p, textFooter } from './layout';
import type { EmailData, RenderedEmail } from './types';

export function refundedEmail(d: EmailData): RenderedEmail {
  const { refundedCents, totalCents } = d.order.money;
  const amount = formatBRL(refundedCents);
  const partial = refundedCents > 0 && refundedCents < totalCents;
  const when = dateTimeBR(d.payment.refundedAt);
  const what = partial ? `um reembolso parcial de ${amount} (de ${formatBRL(totalCents)} pagos)` : `o reembolso de ${amount}`;
  const body = html`${p(greeting(d))}${p(html`Fizemos ${what} do pedido ${orderRef(d)}. O valor volta para a conta de onde saiu o Pix.`)}
${facts([['Valor reembolsado', amount], ['Reembolsado em', when], ['Tipo', partial ? 'Parcial' : 'Total']])}
${button(orderUrl(d), 'Ver o pedido')}`;
  const text = `${greeting(d)}

Fizemos ${what} do pedido ${orderRef(d)}.

Valor reembolsado: ${amount}
Reembolsado em: ${when}

Ver o pedido: ${orderUrl(d)}${textFooter(d.shop.name)}`;
  return {
    subject: `${partial ? 'Reembolso parcial' : 'Reembolso'} de ${amount}: pedido ${orderRef(d)}`,
    html: layout({ shopName: d.shop.name, preheader: `${amount} reembolsados em ${when}.`, title: partial ? 'Reembolso parcial feito' : 'Reembolso feito', body }),
    text,
    attachments: [],
  };
}
