/** 3. "Lembrete": a boleto due tomorrow, or a Pix whose last day is today; unpaid. */
import { formatBRL } from '@balcao/br/money';
import { dateBR, greeting, line, orderRef, orderUrl, webUrl } from './common';
import { html } from './html';
import { button, codeBox, layout, p, textFooter } from './layout';
import { PIX_QR_CID, type EmailData, type RenderedEmail } from './types';

/**
 * The order page at its "Pagar com Pix agora" button (#pagar-com-pix): a link only opens the
 * page (mail scanners follow links); the buyer's click there makes the switch.
 */
function switchUrl(d: EmailData): string {
  return `${orderUrl(d)}#pagar-com-pix`;
}

export function reminderEmail(d: EmailData): RenderedEmail {
  const amount = formatBRL(d.order.money.totalCents);
  if (d.order.method === 'boleto') {
    const due = dateBR(d.payment.dueDate);
    const pdf = webUrl(d.payment.pdfUrl);
    const body = html`${p(greeting(d))}${p(html`O boleto de <strong>${amount}</strong> do pedido ${orderRef(d)} vence amanhã, <strong>${due}</strong>, e ainda não consta como pago.`)}
${codeBox('Linha digitável', line(d), 'digitable-line')}
${pdf ? button(pdf, 'Baixar boleto (PDF)') : button(orderUrl(d), 'Ver o pedido')}
${p(html`Prefere pagar agora? <a href="${switchUrl(d)}">Pagar com Pix</a>: o Pix confirma na hora, no mesmo pedido.`)}
${p('Se você já pagou, pode ignorar este lembrete: a confirmação chega por e-mail.')}`;
    const text = `${greeting(d)}

O boleto de ${amount} do pedido ${orderRef(d)} vence amanhã, ${due}, e ainda não consta como pago.

Linha digitável:
${line(d)}
${pdf ? `\nBaixar boleto (PDF): ${pdf}` : ''}
Ver o pedido: ${orderUrl(d)}
Pagar com Pix: ${switchUrl(d)}

Se você já pagou, pode ignorar este lembrete.${textFooter(d.shop.name)}`;
    return { subject: `Lembrete: seu boleto de ${amount} vence amanhã`, html: layout({ shopName: d.shop.name, preheader: `Vence amanhã, ${due}.`, title: 'Seu boleto vence amanhã', body }), text, attachments: [] };
  }
  const until = dateBR(d.payment.payableUntil);
  const code = d.payment.pixCode ?? '';
  const body = html`${p(greeting(d))}${p(html`O Pix de <strong>${amount}</strong> do pedido ${orderRef(d)} pode ser pago só até hoje, <strong>${until}</strong>.`)}
${d.payment.pixQrPng ? html`<p style="margin:0 0 16px;text-align:center"><img src="cid:${PIX_QR_CID}" width="200" height="200" alt="QR code do Pix de ${amount}" style="display:inline-block;width:200px;height:200px;border:0"></p>` : ''}
${codeBox('Pix copia e cola', code, 'pix-code')}
${button(orderUrl(d), 'Ver o pedido')}`;
  const text = `${greeting(d)}

O Pix de ${amount} do pedido ${orderRef(d)} pode ser pago só até hoje, ${until}.

Pix copia e cola:
${code}

Ver o pedido: ${orderUrl(d)}${textFooter(d.shop.name)}`;
  const attachments = d.payment.pixQrPng ? [{ filename: 'pix-qr.png', contentType: 'image/png', content: d.payment.pixQrPng, cid: PIX_QR_CID }] : [];
  return { subject: `Lembrete: seu Pix de ${amount} vence hoje`, html: layout({ shopName: d.shop.name, preheader: `Pague até hoje, ${until}.`, title: 'Seu Pix vence hoje', body }), text, attachments };
}
