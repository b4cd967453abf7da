/**
 * A subscription's e-mails: the cycle's "Sua assinatura: pague a próxima entrega" (the code or
 * the line, and "Pagar"), and the notices (lib/subscriptions/notices.ts), each with the link to
 * the subscriber's page.
 */
import { formatBRL } from '@balcao/br/money';
import { dateBR, greeting, line, orderRef, orderUrl, webUrl } from './common';
import { html } from './html';
import { button, codeBox, facts, layout, link, moneyTable, moneyText, p, textFooter } from './layout';
import { PIX_QR_CID, type EmailData, type RenderedEmail } from './types';

export const CYCLE_SUBJECT = 'Sua assinatura: pague a próxima entrega';

export function subscriptionCycleEmail(d: EmailData): RenderedEmail {
  const s = d.subscription!;
  const amount = formatBRL(d.order.money.totalCents);
  const pix = d.order.method === 'pix';
  const until = dateBR(pix ? d.payment.payableUntil : d.payment.dueDate);
  const code = pix ? (d.payment.pixCode ?? '') : line(d);
  const pdf = webUrl(d.payment.pdfUrl);
  const body = html`${p(greeting(d))}${p(html`A próxima entrega de <strong>${s.productName}</strong> está pronta para sair: o pedido ${orderRef(d)}. Pague <strong>${amount}</strong> até <strong>${until}</strong>.`)}
${pix && d.payment.pixQrPng ? html`<p style="margin:0 0 16px;text-align:center"><img src="cid:${PIX_QR_CID}" width="220" height="220" alt="QR code do Pix de ${amount}" style="display:inline-block;width:220px;height:220px;border:0"></p>` : ''}
${codeBox(pix ? 'Pix copia e cola' : 'Linha digitável', code, pix ? 'pix-code' : 'digitable-line')}
${facts([['Valor', amount], [pix ? 'Pague até' : 'Vencimento', until]])}
${button(pdf && !pix ? pdf : orderUrl(d), 'Pagar')}
${moneyTable(d.order.money)}
${p(html`Para pausar, cancelar ou mudar o endereço: ${link(s.url, 'Minha assinatura')}.`)}`;
  const text = `${greeting(d)}

A próxima entrega de ${s.productName} está pronta para sair: o pedido ${orderRef(d)}. Pague ${amount} até ${until}.

${pix ? 'Pix copia e cola' : 'Linha digitável'}:
${code}

Pagar: ${pdf && !pix ? pdf : orderUrl(d)}

${moneyText(d.order.money)}

Minha assinatura (pausar, cancelar, mudar o endereço): ${s.url}${textFooter(d.shop.name)}`;
  const attachments = pix && d.payment.pixQrPng ? [{ filename: 'pix-qr.png', contentType: 'image/png', content: d.payment.pixQrPng, cid: PIX_QR_CID }] : [];
  return { subject: CYCLE_SUBJECT, html: layout({ shopName: d.shop.name, preheader: `Pague ${amount} até ${until}.`, title: 'Sua assinatura', body }), text, attachments };
}

type Words = { subject: string; says: (d: EmailData) => string };

const money = (cents: number | null) => (cents === null ? '—' : formatBRL(cents));

const NOTICE_WORDS: Record<string, Words> = {
  activated: { subject: 'Sua assinatura está ativa', says: (d) => `Recebemos o primeiro pagamento: sua assinatura de ${d.subscription!.productName} está ativa. A próxima cobrança é em ${dateBR(d.subscription!.nextChargeDate)}.` },
  paused: { subject: 'Sua assinatura foi pausada', says: (d) => `Sua assinatura de ${d.subscription!.productName} está pausada. A próxima cobrança é em ${dateBR(d.subscription!.nextChargeDate)}.` },
  resumed: { subject: 'Sua assinatura foi retomada', says: (d) => `Sua assinatura de ${d.subscription!.productName} foi retomada. A próxima cobrança é em ${dateBR(d.subscription!.nextChargeDate)}.` },
  canceled: { subject: 'Sua assinatura foi cancelada', says: (d) => `Sua assinatura de ${d.subscription!.productName} foi cancelada. Nenhuma nova cobrança será feita.` },
  suspended: {
    subject: 'Sua assinatura foi suspensa',
    says: (d) => `As últimas cobranças da sua assinatura de ${d.subscription!.productName} não foram pagas, e ela foi suspensa. Para retomar, abra a página da sua assinatura e escolha "Retomar": a próxima entrega será cobrada normalmente.`,
  },
  price_change: {
    subject: 'O preço da sua assinatura vai mudar',
    says: (d) => `O preço de ${d.subscription!.productName} passa de ${money(d.subscription!.amountCents)} para ${money(d.subscription!.newAmountCents)} a partir da cobrança de ${dateBR(d.subscription!.nextChargeDate)}. Se preferir, você pode pausar ou cancelar antes disso.`,
  },
  sold_out: { subject: 'Sua próxima entrega não foi cobrada', says: (d) => `${d.subscription!.productName} está esgotado: esta entrega não foi cobrada. A assinatura continua, e a próxima cobrança é em ${dateBR(d.subscription!.nextChargeDate)}.` },
  sold_out_merchant: { subject: 'Assinatura sem estoque: uma entrega não foi cobrada', says: (d) => `Um ciclo de uma assinatura de ${d.subscription!.productName} não foi cobrado porque o produto está esgotado. Reponha o estoque para as próximas entregas.` },
  changed: { subject: 'Sua assinatura foi atualizada', says: (d) => `Os dados da sua assinatura de ${d.subscription!.productName} foram atualizados. A próxima cobrança é em ${dateBR(d.subscription!.nextChargeDate)}.` },
};

export function subscriptionEmail(d: EmailData): RenderedEmail {
  const s = d.subscription;
  const words = (s && NOTICE_WORDS[s.notice]) ?? NOTICE_WORDS.changed;
  const says = s ? words.says(d) : 'Sua assinatura foi atualizada.';
  const url = s?.url ?? d.shop.appUrl;
  const merchant = s?.notice === 'sold_out_merchant';
  const label = merchant ? 'Ver assinaturas' : 'Minha assinatura';
  const body = html`${p(merchant ? 'Olá!' : greeting(d))}${p(says)}${button(url, label)}`;
  const text = `${merchant ? 'Olá!' : greeting(d)}\n\n${says}\n\n${label}: ${url}${textFooter(d.shop.name)}`;
  return { subject: words.subject, html: layout({ shopName: d.shop.name, preheader: says.slice(0, 90), title: 'Sua assinatura', body }), text, attachments: [] };
}
