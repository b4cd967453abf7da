/**
 * The sandbox's boleto PDF: one A4 page with the "Recibo do Pagador" and the "Ficha de
 * Compensação" laid out as banks print them, the digitable line, and the Interleaved 2 of 5
 * barcode drawn as rectangles (narrow 1 unit, wide 3, 13 mm high, ~103 mm long as FEBRABAN
 * sizes it), so the PDF opens in any reader and the barcode scans.
 *
 * It is marked everywhere as a test document that must not be paid. Standard fonts only
 * (Helvetica, WinAnsi): any character WinAnsi cannot encode is transliterated or dropped, so
 * a payer's name in any script never makes rendering throw.
 *
 * Server side (pdf-lib runs anywhere, but this is served by the sandbox), deliberately
 * without `server-only` so tests and scripts can import it.
 */
import { PDFDocument, PDFFont, PDFPage, StandardFonts, degrees, rgb } from 'pdf-lib';
import { formatDigitableLine, isValidBoletoBarcode, itf25Bars } from '@balcao/br/boleto';
import { formatDateBR, isIsoDate, saoPauloDate } from '@balcao/br/dates';
import { maskDocument } from '@balcao/br/documents';
import { formatBRL } from '@balcao/br/money';

export type BoletoPdfInput = {
  id: string;
  amountCents: number;
  /** YYYY-MM-DD */
  dueDate: string;
  /** 44 digits */
  barcode: string;
  /** 47 digits, with or without formatting */
  digitableLine: string;
  payer: { name: string; document: string; street: string; number: string; neighborhood: string; city: string; state: string; zip: string };
  description: string;
  beneficiary: string;
  /** Optional extras: printed when given. */
  issueDate?: string;
  finePercent?: number;
  interestPercent?: number;
  gracePeriod?: number;
};

const MM = 72 / 25.4;
const PAGE_W = 210 * MM;
const PAGE_H = 297 * MM;
const LEFT = 10 * MM;
/** Right column of the ficha (vencimento, valores). */
const RIGHT_COL = 50 * MM;

const BANK_NAME = 'Banco Sandbox';
const TEST_WARNING = 'DOCUMENTO DE TESTE — SANDBOX — NÃO PAGUE';

const INK = rgb(0.1, 0.1, 0.12);
const LABEL = rgb(0.35, 0.35, 0.4);
const RULE = rgb(0.25, 0.25, 0.3);
const RED = rgb(0.72, 0.07, 0.1);
const RED_BG = rgb(1, 0.93, 0.93);
const BAR = rgb(0, 0, 0);

type Fonts = { regular: PDFFont; bold: PDFFont; mono: PDFFont; monoBold: PDFFont };

/** Characters WinAnsi has no glyph for, mapped to what a reader expects; the rest lose their accents or go. */
const TRANSLITERATION: Record<string, string> = {
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2212': '-', '\u00a0': ' ', '\u2007': ' ', '\u202f': ' ',
  '\u0141': 'L', '\u0142': 'l', '\u0110': 'D', '\u0111': 'd', '\u0131': 'i', '\u00df': 'ss',
  '\u2018': "'", '\u2019': "'", '\u201c': '"', '\u201d': '"',
};

/** Text the font can encode: supported characters kept, others transliterated, stripped of accents, or dropped. */
export function toFontSafe(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    const cp = ch.codePointAt(0) ?? 0;
    if (supported.has(cp)) {
      out += ch;
      continue;
    }
    const mapped = TRANSLITERATION[ch] ?? ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    for (const c of mapped) if (supported.has(c.codePointAt(0) ?? 0)) out += c;
  }
  return out.replace(/ {2,}/g, ' ');
}

/** Cuts text (already font-safe) with an ellipsis so it fits `maxWidth` at `size`. */
function fit(font: PDFFont, text: string, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (font.widthOfTextAtSize(`${text.slice(0, mid).trimEnd()}…`, size) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

/** Splits text into at most `maxLines` lines that fit `maxWidth`; the last one gets an ellipsis when cut. */
function wrap(font: PDFFont, text: string, size: number, maxWidth: number, maxLines: number): string[] {
  const words = text.split(' ').filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (let i = 0; i < words.length; i++) {
    const next = current ? `${current} ${words[i]}` : words[i];
    if (font.widthOfTextAtSize(next, size) <= maxWidth) {
      current = next;
      continue;
    }
    if (current) lines.push(current);
    current = words[i];
    if (lines.length === maxLines) {
      current = '';
      break;
    }
  }
  if (current && lines.length < maxLines) lines.push(current);
  const used = lines.join(' ').split(' ').filter(Boolean).length;
  if (used < words.length && lines.length) {
    lines[lines.length - 1] = fit(font, `${lines[lines.length - 1]} ${words.slice(used).join(' ')}`, size, maxWidth);
  }
  return lines.map((l) => fit(font, l, size, maxWidth));
}

/** Page drawing in millimetres from the top-left corner, which is how boleto layouts are specified. */
class Sheet {
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  /** x, y in mm from top-left → PDF points. */
  private px(xmm: number): number {
    return xmm * MM;
  }

  private py(ymm: number): number {
    return PAGE_H - ymm * MM;
  }

  text(value: string, xmm: number, baselineMm: number, o: { size: number; font?: PDFFont; color?: ReturnType<typeof rgb>; maxWidthMm?: number; align?: 'left' | 'right' | 'center' }) {
    const font = o.font ?? this.fonts.regular;
    let safe = toFontSafe(font, value);
    if (o.maxWidthMm !== undefined) safe = fit(font, safe, o.size, o.maxWidthMm * MM);
    const w = font.widthOfTextAtSize(safe, o.size);
    const align = o.align ?? 'left';
    let x = this.px(xmm);
    if (align === 'right') x -= w;
    if (align === 'center') x -= w / 2;
    this.page.drawText(safe, { x, y: this.py(baselineMm), size: o.size, font, color: o.color ?? INK });
  }

  hline(x1: number, x2: number, ymm: number, thickness = 0.6, dash?: number[]) {
    this.page.drawLine({ start: { x: this.px(x1), y: this.py(ymm) }, end: { x: this.px(x2), y: this.py(ymm) }, thickness, color: RULE, dashArray: dash });
  }

  vline(xmm: number, y1: number, y2: number, thickness = 0.6) {
    this.page.drawLine({ start: { x: this.px(xmm), y: this.py(y1) }, end: { x: this.px(xmm), y: this.py(y2) }, thickness, color: RULE });
  }

  rect(xmm: number, ymm: number, wmm: number, hmm: number, o: { fill?: ReturnType<typeof rgb>; border?: ReturnType<typeof rgb>; borderWidth?: number }) {
    this.page.drawRectangle({
      x: this.px(xmm),
      y: this.py(ymm + hmm),
      width: wmm * MM,
      height: hmm * MM,
      color: o.fill,
      borderColor: o.border,
      borderWidth: o.border ? (o.borderWidth ?? 0.8) : 0,
    });
  }

  /** A labelled cell: small grey label at the top, value below; lines are drawn by the caller. */
  cell(label: string, value: string, xmm: number, ymm: number, wmm: number, o: { bold?: boolean; size?: number; align?: 'left' | 'right' } = {}) {
    this.text(label, xmm + 1.2, ymm + 2.6, { size: 5.8, color: LABEL, maxWidthMm: wmm - 2.4 });
    const align = o.align ?? 'left';
    this.text(value, align === 'right' ? xmm + wmm - 1.5 : xmm + 1.2, ymm + 7, {
      size: o.size ?? 8.6,
      font: o.bold ? this.fonts.bold : this.fonts.regular,
      maxWidthMm: wmm - 2.7,
      align,
    });
  }
}

/** Bank code with its check digit as banks print it ("001-9"): módulo 11, weights 2..9, 10 and 11 → 0. */
function bankCodeWithDigit(bank: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = bank.length - 1; i >= 0; i--) {
    sum += Number(bank[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return `${bank}-${dv >= 10 ? 0 : dv}`;
}

function formatZip(zip: string): string {
  const d = zip.replace(/\D/g, '');
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : zip;
}

function formatPercent(value: number): string {
  return `${String(value).replace('.', ',')}%`;
}

/** The header row of both parts: bank name, bank code, and the digitable line or a title on the right. */
function drawHeader(s: Sheet, ymm: number, bank: string, right: string, rightIsLine: boolean) {
  const h = 9;
  s.text(BANK_NAME, 11, ymm + 6.6, { size: 13, font: s.fonts.bold });
  s.vline(50, ymm + 1.5, ymm + h, 1.4);
  s.text(bankCodeWithDigit(bank), 59, ymm + 6.8, { size: 14, font: s.fonts.bold, align: 'center' });
  s.vline(68, ymm + 1.5, ymm + h, 1.4);
  if (rightIsLine) s.text(right, 199, ymm + 6.6, { size: 11.2, font: s.fonts.monoBold, align: 'right', maxWidthMm: 130 });
  else s.text(right, 199, ymm + 6.4, { size: 10, font: s.fonts.bold, align: 'right' });
  s.hline(10, 200, ymm + h, 1.4);
}

/** ITF-25 bars as filled rectangles, narrow = 1 unit, wide = 3 units. */
function drawBarcode(page: PDFPage, barcode: string, xPt: number, yTopPt: number, unitPt: number, heightPt: number) {
  let x = xPt;
  for (const el of itf25Bars(barcode)) {
    const w = (el.wide ? 3 : 1) * unitPt;
    if (el.bar) page.drawRectangle({ x, y: yTopPt - heightPt, width: w, height: heightPt, color: BAR });
    x += w;
  }
  return x - xPt;
}

function drawWatermark(page: PDFPage, font: PDFFont, centerYmm: number) {
  const text = toFontSafe(font, 'SANDBOX — NÃO PAGUE');
  const angle = 20;
  // As large as fits: the rotated text spans w·cos + size·sin horizontally; keep it within 170 mm.
  const size = Math.min(44, (170 * MM) / (font.widthOfTextAtSize(text, 1) * Math.cos((angle * Math.PI) / 180) + Math.sin((angle * Math.PI) / 180)));
  const w = font.widthOfTextAtSize(text, size);
  const rad = (angle * Math.PI) / 180;
  const cx = PAGE_W / 2;
  const cy = PAGE_H - centerYmm * MM;
  page.drawText(text, {
    x: cx - (w / 2) * Math.cos(rad) + (size / 3) * Math.sin(rad),
    y: cy - (w / 2) * Math.sin(rad) - (size / 3) * Math.cos(rad),
    size,
    font,
    color: RED,
    opacity: 0.1,
    rotate: degrees(angle),
  });
}

/**
 * Renders the boleto. Throws RangeError when the barcode is not a valid 44-digit cobrança
 * barcode (the bars would scan as something else).
 */
export async function renderBoletoPdf(b: BoletoPdfInput): Promise<Uint8Array> {
  if (!isValidBoletoBarcode(b.barcode)) throw new RangeError('boleto barcode is not a valid 44-digit barcode');
  const doc = await PDFDocument.create();
  doc.setTitle(`Boleto de teste (sandbox) ${b.id}`);
  doc.setSubject(TEST_WARNING);
  doc.setProducer('Balcão sandbox');
  doc.setCreator('Balcão sandbox');
  doc.setLanguage('pt-BR');
  const fixedDate = isIsoDate(b.issueDate ?? '') ? new Date(`${b.issueDate}T12:00:00Z`) : new Date();
  doc.setCreationDate(fixedDate);
  doc.setModificationDate(fixedDate);

  const page = doc.addPage([PAGE_W, PAGE_H]);
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
    monoBold: await doc.embedFont(StandardFonts.CourierBold),
  };
  const s = new Sheet(page, fonts);

  const bank = b.barcode.slice(0, 3);
  const line = formatDigitableLine(b.digitableLine);
  const due = formatDateBR(b.dueDate);
  const amount = formatBRL(b.amountCents);
  const issue = formatDateBR(isIsoDate(b.issueDate ?? '') ? (b.issueDate as string) : saoPauloDate());
  const docNumber = b.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 10).toUpperCase();
  // The free field is the bank's own; the sandbox writes agency(4) · our number(14) · beneficiary code(7).
  const freeField = b.barcode.slice(19);
  const ourNumber = freeField.slice(4, 18);
  const agencyCode = `${freeField.slice(0, 4)} / ${freeField.slice(18, 25)}`;
  const payerDoc = maskDocument(b.payer.document);
  const payerLine2 = `${b.payer.street}, ${b.payer.number} — ${b.payer.neighborhood}`;
  const payerLine3 = `${b.payer.city} / ${b.payer.state} — CEP ${formatZip(b.payer.zip)}`;

  // ── Warning banner ───────────────────────────────────────────────────────────
  s.rect(10, 8, 190, 9, { fill: RED_BG, border: RED, borderWidth: 1 });
  s.text(TEST_WARNING, 105, 14, { size: 11, font: fonts.bold, color: RED, align: 'center' });

  // ── Recibo do Pagador ─────────────────────────────────────────────────────────
  let y = 22;
  drawHeader(s, y, bank, 'Recibo do Pagador', false);
  y += 9;
  const reciboTop = y;
  const rowH = 9.5;
  const reciboRows: [string, string, number, { bold?: boolean; align?: 'left' | 'right' }?][][] = [
    [
      ['Beneficiário', b.beneficiary, 100],
      ['Agência / Código do beneficiário', agencyCode, 45],
      ['Vencimento', due, 45, { bold: true, align: 'right' }],
    ],
    [
      ['Pagador', b.payer.name, 100],
      ['CPF/CNPJ do pagador', payerDoc, 45],
      ['Valor do documento', amount, 45, { bold: true, align: 'right' }],
    ],
    [
      ['Nosso número', ourNumber, 55],
      ['Nº do documento', docNumber, 45],
      ['Data do documento', issue, 45],
      ['(=) Valor cobrado', '', 45, { align: 'right' }],
    ],
    [['Descrição', b.description, 190]],
  ];
  for (const row of reciboRows) {
    let x = 10;
    for (const [label, value, w, o] of row) {
      s.cell(label, value, x, y, w, o);
      x += w;
      if (x < 200) s.vline(x, y, y + rowH);
    }
    y += rowH;
    s.hline(10, 200, y);
  }
  s.vline(10, reciboTop, y);
  s.vline(200, reciboTop, y);
  s.text('Linha digitável', 11.2, y + 3.4, { size: 5.8, color: LABEL });
  s.text(line, 11.2, y + 8.2, { size: 10, font: fonts.mono });
  s.text('Autenticação mecânica', 199, y + 3.4, { size: 5.8, color: LABEL, align: 'right' });
  y += 16;

  // ── Cut line ─────────────────────────────────────────────────────────────────
  s.hline(10, 200, y, 0.7, [3, 2]);
  s.text('Corte na linha pontilhada', 199, y - 1.2, { size: 5.8, color: LABEL, align: 'right' });
  y += 6;

  // ── Ficha de Compensação ─────────────────────────────────────────────────────
  drawHeader(s, y, bank, line, true);
  y += 9;
  const fichaTop = y;
  const leftW = 190 - RIGHT_COL / MM;
  const rightX = 10 + leftW;
  const row = (cells: [string, string, number][], right: [string, string, { bold?: boolean }?]) => {
    let x = 10;
    for (const [label, value, w] of cells) {
      s.cell(label, value, x, y, w);
      x += w;
      if (x < rightX - 0.01) s.vline(x, y, y + rowH);
    }
    s.vline(rightX, y, y + rowH);
    s.cell(right[0], right[1], rightX, y, 200 - rightX, { align: 'right', bold: right[2]?.bold });
    y += rowH;
    s.hline(10, 200, y);
  };
  row([['Local de pagamento', 'Somente no simulador do sandbox Balcão. Não é pagável em bancos.', leftW]], ['Vencimento', due, { bold: true }]);
  row([['Beneficiário', b.beneficiary, leftW]], ['Agência / Código do beneficiário', agencyCode]);
  row(
    [
      ['Data do documento', issue, 26],
      ['Nº do documento', docNumber, 32],
      ['Espécie doc.', 'DM', 20],
      ['Aceite', 'N', 14],
      ['Data do processamento', issue, leftW - 92],
    ],
    ['Nosso número', ourNumber],
  );
  row(
    [
      ['Uso do banco', '', 26],
      ['Carteira', 'SB', 32],
      ['Espécie', 'R$', 20],
      ['Quantidade', '', 14],
      ['Valor', '', leftW - 92],
    ],
    ['(=) Valor do documento', amount, { bold: true }],
  );

  // Instructions (left) and the value adjustments (right), five rows tall.
  const instrTop = y;
  const rightLabels = ['(-) Desconto / Abatimento', '(-) Outras deduções', '(+) Mora / Multa', '(+) Outros acréscimos', '(=) Valor cobrado'];
  for (let i = 0; i < rightLabels.length; i++) {
    s.cell(rightLabels[i], '', rightX, y, 200 - rightX);
    y += rowH;
    s.hline(rightX, 200, y);
  }
  s.vline(rightX, instrTop, y);
  s.text('Instruções (texto de responsabilidade do beneficiário)', 11.2, instrTop + 2.6, { size: 5.8, color: LABEL });
  const instructions: string[] = [];
  if (b.finePercent !== undefined) instructions.push(`Após o vencimento, cobrar multa de ${formatPercent(b.finePercent)}.`);
  if (b.interestPercent !== undefined) instructions.push(`Após o vencimento, cobrar juros de ${formatPercent(b.interestPercent)} ao mês.`);
  if (b.gracePeriod !== undefined) instructions.push(`Não receber após ${b.gracePeriod} dia${b.gracePeriod === 1 ? '' : 's'} do vencimento.`);
  let ty = instrTop + 7;
  for (const l of wrap(fonts.regular, toFontSafe(fonts.regular, b.description), 8.4, (leftW - 3) * MM, 2)) {
    s.text(l, 11.2, ty, { size: 8.4 });
    ty += 3.9;
  }
  for (const l of instructions) {
    s.text(l, 11.2, ty, { size: 8.4, maxWidthMm: leftW - 3 });
    ty += 3.9;
  }
  s.text('Documento de teste gerado pelo sandbox do Balcão: não tem valor e não deve ser pago.', 11.2, instrTop + 5 * rowH - 6.3, { size: 8.2, font: fonts.bold, color: RED, maxWidthMm: leftW - 3 });
  s.text(`Identificador: ${b.id}`, 11.2, instrTop + 5 * rowH - 2.2, { size: 7, color: LABEL, maxWidthMm: leftW - 3 });
  s.hline(10, rightX, y);

  // Payer.
  s.text('Pagador', 11.2, y + 2.6, { size: 5.8, color: LABEL });
  // The name gives way, never the document after it.
  const payerDocText = toFontSafe(fonts.bold, ` — CPF/CNPJ ${payerDoc}`);
  const payerDocW = fonts.bold.widthOfTextAtSize(payerDocText, 8.6);
  const payerName = fit(fonts.bold, toFontSafe(fonts.bold, b.payer.name), 8.6, 187 * MM - payerDocW);
  s.text(payerName + payerDocText, 11.2, y + 6.6, { size: 8.6, font: fonts.bold });
  s.text(payerLine2, 11.2, y + 10.4, { size: 8.4, maxWidthMm: 187 });
  s.text(payerLine3, 11.2, y + 14.2, { size: 8.4, maxWidthMm: 187 });
  s.text('Sacador / Avalista', 11.2, y + 18.6, { size: 5.8, color: LABEL });
  y += 20.5;
  s.hline(10, 200, y, 1.4);
  // Outer frame of the ficha.
  s.vline(10, fichaTop, y);
  s.vline(200, fichaTop, y);
  s.text('Autenticação mecânica — Ficha de Compensação', 199, y + 3.4, { size: 6.4, color: LABEL, align: 'right' });

  // Barcode: 405 units of ~0.254 mm ≈ 103 mm, 13 mm high, with a quiet zone on the left.
  const unit = 0.254 * MM;
  const barTop = y + 6;
  drawBarcode(page, b.barcode, LEFT + 3 * MM, PAGE_H - barTop * MM, unit, 13 * MM);

  // Big, light diagonal marks over both parts.
  drawWatermark(page, fonts.bold, 60);
  drawWatermark(page, fonts.bold, 175);

  // Footer.
  s.text(TEST_WARNING, 105, 290, { size: 7, font: fonts.bold, color: RED, align: 'center' });
  return doc.save();
}
