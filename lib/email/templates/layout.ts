/**
 * The building blocks every e-mail shares: a single-column, table-based layout that reads
 * on a phone and in Gmail and Outlook (inline styles only, no web fonts, no remote images),
 * and the matching plain-text pieces. Pure.
 */
import { formatBRL } from '@balcao/br/money';
import type { MoneyLines } from '@/lib/orders';
import { html, type Markup } from './html';

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = '#1f2328';
const MUTED = '#57606a';
const ACCENT = '#0b5cad';

export function layout(o: { shopName: string; preheader: string; title: string; body: Markup; footer?: Markup; reason?: string }): string {
  return html`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${o.title}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;${FONT};color:${INK}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${o.preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6">
<tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border:1px solid #d0d7de;border-radius:8px">
<tr><td style="padding:20px 24px 8px;${FONT};font-size:14px;font-weight:700;color:${MUTED}">${o.shopName}</td></tr>
<tr><td style="padding:0 24px 8px;${FONT}"><h1 style="margin:0;font-size:22px;line-height:1.3;color:${INK}">${o.title}</h1></td></tr>
<tr><td style="padding:8px 24px 24px;${FONT};font-size:16px;line-height:1.5;color:${INK}">${o.body}</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px">
<tr><td style="padding:12px 24px;${FONT};font-size:12px;line-height:1.5;color:${MUTED}">${o.footer ?? ''}${o.reason ?? `Você recebeu este e-mail porque fez um pedido em ${o.shopName}.`}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`.value;
}

export function p(content: Markup | string): Markup {
  return html`<p style="margin:0 0 16px">${content}</p>`;
}

/** A link styled as a button (a table cell with a background works in Outlook too). */
export function button(href: string, label: string): Markup {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px"><tr><td bgcolor="${ACCENT}" style="border-radius:6px;background:${ACCENT}"><a href="${href}" style="display:inline-block;padding:12px 20px;${FONT};font-size:16px;font-weight:700;color:#ffffff;text-decoration:none;border-radius:6px">${label}</a></td></tr></table>`;
}

export function link(href: string, label: string): Markup {
  return html`<a href="${href}" style="color:${ACCENT}">${label}</a>`;
}

/** A web address shown as text: it breaks anywhere, or it would widen the message on a phone. */
export function urlLink(href: string): Markup {
  return html`<a href="${href}" style="color:${ACCENT};word-break:break-all">${href}</a>`;
}

/** A code the shopper copies (Pix code, digitable line): monospace, breaks anywhere. */
export function codeBox(label: string, code: string, testId: string): Markup {
  return html`<p style="margin:0 0 4px;font-size:14px;color:${MUTED}">${label}</p>
<p data-testid="${testId}" style="margin:0 0 16px;padding:12px;background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;font-family:Consolas,Menlo,monospace;font-size:15px;line-height:1.4;word-break:break-all">${code}</p>`;
}

/** Label → value rows (Valor, Vencimento…). */
export function facts(rows: [string, string][]): Markup {
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px">${rows.map(
    ([k, v]) => html`<tr><td style="padding:4px 0;font-size:15px;color:${MUTED}">${k}</td><td align="right" style="padding:4px 0;font-size:15px;font-weight:700">${v}</td></tr>`,
  )}</table>`;
}

/** Items, adjustments and the total, as stored on the order. */
export function moneyTable(m: MoneyLines): Markup {
  const cell = 'padding:6px 0;font-size:15px;border-bottom:1px solid #eaeef2';
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px">
${m.items.map((i) => html`<tr><td style="${cell}">${i.quantity} × ${i.name}</td><td align="right" style="${cell};white-space:nowrap">${formatBRL(i.lineTotalCents)}</td></tr>`)}
${m.adjustments.map((a) => html`<tr><td style="${cell}">${a.label}</td><td align="right" style="${cell};white-space:nowrap">${a.cents < 0 ? '−' : ''}${formatBRL(Math.abs(a.cents))}</td></tr>`)}
<tr><td style="padding:8px 0;font-size:16px;font-weight:700">Total</td><td align="right" style="padding:8px 0;font-size:16px;font-weight:700;white-space:nowrap">${formatBRL(m.totalCents)}</td></tr>
</table>`;
}

export function moneyText(m: MoneyLines): string {
  const rows = [
    ...m.items.map((i) => `${i.quantity} × ${i.name}: ${formatBRL(i.lineTotalCents)}`),
    ...m.adjustments.map((a) => `${a.label}: ${a.cents < 0 ? '−' : ''}${formatBRL(Math.abs(a.cents))}`),
    `Total: ${formatBRL(m.totalCents)}`,
  ];
  return rows.join('\n');
}

export function textFooter(shopName: string): string {
  return `\n\n--\nVocê recebeu este e-mail porque fez um pedido em ${shopName}.`;
}
