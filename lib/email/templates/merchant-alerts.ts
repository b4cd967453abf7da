/** The merchant's alerts: "Nova venda" for every paid order, "Pagamento atrasado" for a late payment. */
import { formatBRL } from '@balcao/br/money';
import { dateTimeBR, orderRef } from './common';
import { html } from './html';
import { button, facts, layout, moneyTable, moneyText, p } from './layout';
import type { EmailData, RenderedEmail } from './types';

function deliveryText(d: EmailData): string {
  if (d.delivery?.addressLines) return d.delivery.addressLines.join('\n');
  if (d.delivery?.pickupAddress) return `Retirar na loja (${d.delivery.pickupAddress})`;
  return 'Nada a entregar';
}

function alert(d: EmailData, o: { subject: string; title: string; lead: string }): RenderedEmail {
  const amount = formatBRL(d.order.money.totalCents);
  const method = d.order.method === 'pix' ? 'Pix' : 'Boleto';
  const dashboardUrl = d.merchant?.dashboardUrl ?? d.shop.appUrl;
  const where = deliveryText(d);
  const note = d.merchant?.buyerNote?.trim() || null;
  const body = html`${p(o.lead)}
${facts([
  ['Pedido', orderRef(d)],
  ['Comprador', d.order.buyerName],
  ['E-mail', d.merchant?.buyerEmail ?? '—'],
  ['Pagamento', `${method} · ${dateTimeBR(d.order.paidAt)}`],
])}
${moneyTable(d.order.money)}
${p(html`<strong>Entrega</strong><br>${where.split('\n').map((l, i) => html`${i ? html`<br>` : ''}${l}`)}`)}
${note ? p(html`<strong>Observações para a loja</strong><br>${note.split('\n').map((l, i) => html`${i ? html`<br>` : ''}${l}`)}`) : ''}
${button(dashboardUrl, 'Abrir o pedido no painel')}`;
  const text = `${o.lead}

Pedido: ${orderRef(d)}
Comprador: ${d.order.buyerName} (${d.merchant?.buyerEmail ?? '—'})
Pagamento: ${method} · ${dateTimeBR(d.order.paidAt)}

${moneyText(d.order.money)}

Entrega:
${where}
${note ? `\nObservações para a loja:\n${note}\n` : ''}
Abrir o pedido no painel: ${dashboardUrl}

--
Alerta de ${d.shop.name}. Desative em Configurações → E-mails e avisos.`;
  return {
    subject: `${o.subject}: ${orderRef(d)} · ${amount}`,
    html: layout({ shopName: d.shop.name, preheader: `${d.order.buyerName} · ${amount}`, title: o.title, body, reason: `Alerta de ${d.shop.name}. Desative em Configurações → E-mails e avisos.` }),
    text,
    attachments: [],
  };
}

export function newSaleEmail(d: EmailData): RenderedEmail {
  return alert(d, { subject: 'Nova venda', title: 'Nova venda', lead: `Você vendeu ${formatBRL(d.order.money.totalCents)}. O pagamento foi confirmado.` });
}

export function latePaymentEmail(d: EmailData): RenderedEmail {
  return alert(d, {
    subject: 'Pagamento atrasado',
    title: 'Pagamento atrasado',
    lead: 'Um pedido que já tinha expirado ou sido cancelado foi pago. Confira o estoque antes de enviar: o pedido está marcado como pagamento atrasado no painel.',
  });
}
