/** 1. "Pedido recebido": how to pay — the Pix code and QR, or the boleto's line and PDF. */
import { formatBRL } from '@balcao/br/money';
import { dateBR, greeting, line, orderRef, orderUrl, webUrl } from './common';
import { html } from './html';
import { subscriptionCycleEmail } from './subscription';
import { button, codeBox, facts, layout, link, moneyTable, moneyText, p, textFooter, urlLink } from './layout';
import { PIX_QR_CID, type EmailData, type RenderedEmail } from './types';

export function instructionsEmail(d: EmailData): RenderedEmail {
  if (d.subscription?.notice === 'cycle') return subscriptionCycleEmail(d);
  return d.order.method === 'pix' ? pix(d) : boleto(d);
}

function pix(d: EmailData): RenderedEmail {
  const amount = formatBRL(d.order.money.totalCents);
  const until = dateBR(d.payment.payableUntil);
  const code = d.payment.pixCode ?? '';
  const subject = `Pedido ${orderRef(d)} recebido: pague ${amount} com Pix`;
  const body = html`${p(greeting(d))}${p(html`Recebemos o seu pedido ${orderRef(d)}${d.resend ? ' (reenviado a seu pedido)' : ''}. Para concluir, pague <strong>${amount}</strong> com Pix até <strong>${until}</strong>.`)}
${d.payment.pixQrPng ? html`<p style="margin:0 0 16px;text-align:center"><img src="cid:${PIX_QR_CID}" width="220" height="220" alt="QR code do Pix de ${amount}" style="display:inline-block;width:220px;height:220px;border:0"></p>` : ''}
${p('No app do seu banco, escolha Pix e leia o QR code, ou use o Pix copia e cola:')}
${codeBox('Pix copia e cola', code, 'pix-code')}
${facts([['Valor', amount], ['Pague até', until]])}
${moneyTable(d.order.money)}
${button(orderUrl(d), 'Ver o pedido')}
${p(html`A confirmação chega por e-mail assim que o pagamento for aprovado. Se o link não abrir, copie este endereço: ${urlLink(orderUrl(d))}`)}`;
  const text = `${greeting(d)}

Recebemos o seu pedido ${orderRef(d)}. Para concluir, pague ${amount} com Pix até ${until}.

Pix copia e cola:
${code}

${moneyText(d.order.money)}

Ver o pedido: ${orderUrl(d)}${textFooter(d.shop.name)}`;
  const attachments = d.payment.pixQrPng ? [{ filename: 'pix-qr.png', contentType: 'image/png', content: d.payment.pixQrPng, cid: PIX_QR_CID }] : [];
  return { subject, html: layout({ shopName: d.shop.name, preheader: `Pague ${amount} com Pix até ${until}.`, title: 'Pedido recebido', body }), text, attachments };
}

function boleto(d: EmailData): RenderedEmail {
  const amount = formatBRL(d.order.money.totalCents);
  const due = dateBR(d.payment.dueDate);
  const pdf = webUrl(d.payment.pdfUrl);
  const subject = `Pedido ${orderRef(d)} recebido: seu boleto de ${amount}`;
  const body = html`${p(greeting(d))}${p(html`Recebemos o seu pedido ${orderRef(d)}${d.resend ? ' (reenviado a seu pedido)' : ''}. Pague o boleto de <strong>${amount}</strong> até <strong>${due}</strong> no app do seu banco ou em uma lotérica.`)}
${codeBox('Linha digitável', line(d), 'digitable-line')}
${facts([['Valor', amount], ['Vencimento', due]])}
${pdf ? button(pdf, 'Baixar boleto (PDF)') : ''}
${moneyTable(d.order.money)}
${p(html`${link(orderUrl(d), 'Ver o pedido')}. O pagamento de boleto leva até 3 dias úteis para ser confirmado; avisamos por e-mail.`)}`;
  const text = `${greeting(d)}

Recebemos o seu pedido ${orderRef(d)}. Pague o boleto de ${amount} até ${due}.

Linha digitável:
${line(d)}
${pdf ? `\nBaixar boleto (PDF): ${pdf}\n` : ''}
${moneyText(d.order.money)}

Ver o pedido: ${orderUrl(d)}${textFooter(d.shop.name)}`;
  return { subject, html: layout({ shopName: d.shop.name, preheader: `Boleto de ${amount}, vencimento ${due}.`, title: 'Pedido recebido', body }), text, attachments: [] };
}
