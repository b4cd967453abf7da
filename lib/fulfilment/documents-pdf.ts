/**
 * What the merchant prints to send an order, as A4 PDFs, one page per order:
 * - the Correios "Declaração de Conteúdo" for senders without an NF-e (remetente, destinatário,
 *   identificação dos bens with quantities and values, totals, the weight left blank for the
 *   counter's scale, the declaration and the signature line), laid out as the Correios' model;
 * - the "Lista de separação" (packing slip): the order's number, the items with a box to tick
 *   and the delivery address.
 *
 * An order with more lines than a sheet holds continues on the next sheet ("folha 2/2"), the
 * totals on the last one: every good is declared, none dropped.
 *
 * Pure rendering from plain data (lib/fulfilment/documents.ts reads and masks it). Standard
 * fonts (Helvetica, WinAnsi): a character WinAnsi cannot encode loses its accent or goes, so
 * a name in any script never makes rendering throw.
 */
import { PDFDocument, PDFFont, PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { formatDateBR } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';

export type DocumentKind = 'declaracao' | 'separacao';

export type DocParty = {
  name: string;
  /** Street, number, complement, neighbourhood in one line (or empty: a blank to fill by hand). */
  address: string;
  city: string;
  state: string;
  /** Formatted (01310-100) or empty. */
  zip: string;
  /** Formatted CPF/CNPJ (or masked), or empty. */
  document: string;
};

export type DocItem = { name: string; quantity: number; valueCents: number };

export type DocOrder = {
  label: string;
  paidAt: string | null;
  pickup: boolean;
  recipient: DocParty;
  items: DocItem[];
};

const MM = 72 / 25.4;
const PAGE_W = 210 * MM;
const PAGE_H = 297 * MM;
const MARGIN = 12;
const WIDTH = 210 - 2 * MARGIN;
const INK = rgb(0.08, 0.08, 0.1);
const LABEL = rgb(0.35, 0.35, 0.4);
const RULE = rgb(0.2, 0.2, 0.25);

export const DECLARATION_TEXT =
  'Declaro que não me enquadro no conceito de contribuinte previsto no art. 4º da Lei Complementar nº 87/1996, uma vez que não realizo, com habitualidade ou em volume que caracterize intuito comercial, operações de circulação de mercadoria, ainda que se iniciem no exterior, ou estou dispensado da emissão da nota fiscal por força da legislação tributária vigente, responsabilizando-me, nos termos da lei e a quem de direito, por informações inverídicas. Declaro ainda que não estou postando conteúdo inflamável, explosivo, causador de combustão espontânea, tóxico, corrosivo, gás ou qualquer outro conteúdo que constitua perigo, conforme o art. 13 da Lei Postal nº 6.538/78.';
const CRIME_NOTE = 'OBSERVAÇÃO: Constitui crime contra a ordem tributária suprimir ou reduzir tributo, ou contribuição social e qualquer acessório (Lei 8.137/90, art. 1º, V).';

type Fonts = { regular: PDFFont; bold: PDFFont };

function fontSafe(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    if (supported.has(ch.codePointAt(0) ?? 0)) {
      out += ch;
      continue;
    }
    for (const c of ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '')) if (supported.has(c.codePointAt(0) ?? 0)) out += c;
  }
  return out.replace(/ {2,}/g, ' ');
}

/** Lines of at most `widthMm`, broken at spaces (a word longer than the line is cut). */
function wrap(font: PDFFont, text: string, size: number, widthMm: number): string[] {
  const max = widthMm * MM;
  const lines: string[] = [];
  let line = '';
  for (const word of fontSafe(font, text).split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= max) line = next;
    else {
      if (line) lines.push(line);
      let w = word;
      while (font.widthOfTextAtSize(w, size) > max && w.length > 1) {
        let cut = w.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(w.slice(0, cut), size) > max) cut--;
        lines.push(w.slice(0, cut));
        w = w.slice(cut);
      }
      line = w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Drawing in millimetres from the page's top-left corner. */
class Sheet {
  constructor(
    private page: PDFPage,
    private fonts: Fonts,
  ) {}
  text(value: string, x: number, y: number, o: { size?: number; bold?: boolean; color?: typeof INK; align?: 'left' | 'right' | 'center'; maxWidth?: number } = {}) {
    const font = o.bold ? this.fonts.bold : this.fonts.regular;
    const size = o.size ?? 9;
    let safe = fontSafe(font, value);
    if (o.maxWidth !== undefined) while (safe.length > 1 && font.widthOfTextAtSize(safe, size) > o.maxWidth * MM) safe = `${safe.slice(0, -2)}…`;
    const w = font.widthOfTextAtSize(safe, size);
    const px = x * MM - (o.align === 'right' ? w : o.align === 'center' ? w / 2 : 0);
    this.page.drawText(safe, { x: px, y: PAGE_H - y * MM, size, font, color: o.color ?? INK });
  }
  /** Wrapped text from (x, y) down; returns the y below it. */
  para(value: string, x: number, y: number, width: number, size = 8.5, lineMm = 3.9): number {
    for (const l of wrap(this.fonts.regular, value, size, width)) {
      this.text(l, x, y, { size });
      y += lineMm;
    }
    return y;
  }
  rect(x: number, y: number, w: number, h: number, thickness = 0.8) {
    this.page.drawRectangle({ x: x * MM, y: PAGE_H - (y + h) * MM, width: w * MM, height: h * MM, borderColor: RULE, borderWidth: thickness });
  }
  hline(x1: number, x2: number, y: number, thickness = 0.5) {
    this.page.drawLine({ start: { x: x1 * MM, y: PAGE_H - y * MM }, end: { x: x2 * MM, y: PAGE_H - y * MM }, thickness, color: RULE });
  }
  vline(x: number, y1: number, y2: number, thickness = 0.5) {
    this.page.drawLine({ start: { x: x * MM, y: PAGE_H - y1 * MM }, end: { x: x * MM, y: PAGE_H - y2 * MM }, thickness, color: RULE });
  }
}

/** A party's box (REMETENTE / DESTINATÁRIO): each field labelled, a blank one left to fill by hand. */
function partyBox(s: Sheet, title: string, p: DocParty, x: number, y: number, w: number): number {
  const h = 44;
  s.rect(x, y, w, h);
  s.text(title, x + 2, y + 5, { bold: true, size: 10 });
  const field = (label: string, value: string, fx: number, fy: number, fw: number) => {
    s.text(label, fx, fy, { size: 6.5, color: LABEL });
    s.text(value, fx, fy + 4, { size: 9, maxWidth: fw - 2 });
    s.hline(fx, fx + fw - 2, fy + 5.5, 0.3);
  };
  field('NOME', p.name, x + 2, y + 10, w - 2);
  field('ENDEREÇO', p.address, x + 2, y + 19, w - 2);
  field('CIDADE', p.city, x + 2, y + 28, w - 22);
  field('UF', p.state, x + w - 18, y + 28, 18);
  field('CEP', p.zip, x + 2, y + 37, w / 2 - 2);
  field('CPF/CNPJ', p.document, x + w / 2 + 1, y + 37, w / 2 - 1);
  return y + h;
}

/** Lines of goods per sheet of the declaração (the rest of the page is the declaration itself). */
export const DECLARATION_ITEMS_PER_SHEET = 15;
/** Lines per sheet of the lista de separação. */
export const SLIP_ITEMS_PER_SHEET = 22;

type Sheetful = { items: DocItem[]; first: number; sheet: number; sheets: number };

function chunks(items: DocItem[], size: number): Sheetful[] {
  const sheets = Math.max(1, Math.ceil(items.length / size));
  return Array.from({ length: sheets }, (_, i) => ({ items: items.slice(i * size, (i + 1) * size), first: i * size, sheet: i + 1, sheets }));
}

function drawDeclaration(s: Sheet, sender: DocParty, order: DocOrder, part: Sheetful) {
  let y = MARGIN + 6;
  s.text('DECLARAÇÃO DE CONTEÚDO', 105, y, { bold: true, size: 15, align: 'center' });
  s.text(`Pedido ${order.label}${part.sheets > 1 ? ` · folha ${part.sheet}/${part.sheets}` : ''}`, 210 - MARGIN, y, { size: 9, align: 'right', color: LABEL });
  y += 5;
  const half = (WIDTH - 4) / 2;
  partyBox(s, 'REMETENTE', sender, MARGIN, y, half);
  y = partyBox(s, 'DESTINATÁRIO', order.recipient, MARGIN + half + 4, y, half) + 6;

  s.text('IDENTIFICAÇÃO DOS BENS', 105, y, { bold: true, size: 10.5, align: 'center' });
  y += 2;
  const cols = { item: MARGIN, content: MARGIN + 14, qty: MARGIN + WIDTH - 58, value: MARGIN + WIDTH - 34, end: MARGIN + WIDTH };
  const rowH = 6.5;
  const rows = Math.max(part.items.length, 8);
  const top = y;
  s.rect(MARGIN, top, WIDTH, rowH * (rows + 2));
  const header = top + 4.6;
  s.text('ITEM', cols.item + 2, header, { bold: true, size: 8 });
  s.text('CONTEÚDO', cols.content + 2, header, { bold: true, size: 8 });
  s.text('QUANT.', cols.value - 2, header, { bold: true, size: 8, align: 'right' });
  s.text('VALOR', cols.end - 2, header, { bold: true, size: 8, align: 'right' });
  for (let i = 0; i <= rows; i++) s.hline(MARGIN, cols.end, top + rowH * (i + 1));
  for (const x of [cols.content, cols.qty, cols.value]) s.vline(x, top, top + rowH * (rows + 2));
  part.items.forEach((item, i) => {
    const ty = top + rowH * (i + 1) + 4.6;
    s.text(String(part.first + i + 1), cols.item + 2, ty, { size: 8.5 });
    s.text(item.name, cols.content + 2, ty, { size: 8.5, maxWidth: cols.qty - cols.content - 4 });
    s.text(String(item.quantity), cols.value - 2, ty, { size: 8.5, align: 'right' });
    s.text(formatBRL(item.valueCents), cols.end - 2, ty, { size: 8.5, align: 'right' });
  });
  const totalY = top + rowH * (rows + 1) + 4.6;
  const quantity = order.items.reduce((a, i) => a + i.quantity, 0);
  const total = order.items.reduce((a, i) => a + i.valueCents, 0);
  if (part.sheet === part.sheets) {
    s.text('TOTAIS', cols.qty - 2, totalY, { bold: true, size: 8.5, align: 'right' });
    s.text(String(quantity), cols.value - 2, totalY, { bold: true, size: 8.5, align: 'right' });
    s.text(formatBRL(total), cols.end - 2, totalY, { bold: true, size: 8.5, align: 'right' });
  } else s.text('Continua na próxima folha', cols.content + 2, totalY, { size: 8.5, color: LABEL });
  y = top + rowH * (rows + 2);
  s.rect(MARGIN, y, WIDTH, 8);
  s.text('PESO TOTAL (kg):', MARGIN + 2, y + 5.3, { bold: true, size: 8.5 });
  y += 14;

  s.text('DECLARAÇÃO', 105, y, { bold: true, size: 10.5, align: 'center' });
  y = s.para(DECLARATION_TEXT, MARGIN, y + 6, WIDTH);
  y += 12;
  s.text('_________________________________, _____ de ____________________ de ________', MARGIN, y, { size: 9 });
  y += 16;
  s.hline(105 - 45, 105 + 45, y, 0.6);
  s.text('Assinatura do Declarante/Remetente', 105, y + 4, { size: 8.5, align: 'center' });
  y += 14;
  s.para(CRIME_NOTE, MARGIN, y, WIDTH, 7.5, 3.4);
}

function drawPackingSlip(s: Sheet, shop: string, order: DocOrder, part: Sheetful) {
  let y = MARGIN + 6;
  s.text('LISTA DE SEPARAÇÃO', MARGIN, y, { bold: true, size: 15 });
  s.text(shop, 210 - MARGIN, y, { size: 9, align: 'right', color: LABEL, maxWidth: 80 });
  y += 9;
  s.text(`Pedido ${order.label}${part.sheets > 1 ? ` · folha ${part.sheet}/${part.sheets}` : ''}`, MARGIN, y, { bold: true, size: 13 });
  if (order.paidAt) s.text(`Pago em ${formatDateBR(order.paidAt)}`, 210 - MARGIN, y, { size: 9, align: 'right' });
  y += 9;
  s.text(order.pickup ? 'RETIRADA NA LOJA' : 'ENTREGAR A', MARGIN, y, { bold: true, size: 9, color: LABEL });
  y += 5;
  const r = order.recipient;
  const lines = order.pickup ? [r.name] : [r.name, r.address, [r.city, r.state].filter(Boolean).join('/'), r.zip ? `CEP ${r.zip}` : ''];
  for (const l of lines.filter(Boolean)) {
    s.text(l, MARGIN, y, { size: 10.5, maxWidth: WIDTH });
    y += 5;
  }
  y += 5;
  const rowH = 8;
  s.text('Separado', MARGIN, y, { bold: true, size: 8.5 });
  s.text('Qtd.', MARGIN + 30, y, { bold: true, size: 8.5, align: 'right' });
  s.text('Item', MARGIN + 36, y, { bold: true, size: 8.5 });
  y += 2;
  s.hline(MARGIN, MARGIN + WIDTH, y, 0.8);
  for (const item of part.items) {
    s.rect(MARGIN + 2, y + 2, 4.5, 4.5, 0.6);
    s.text(String(item.quantity), MARGIN + 30, y + 5.6, { bold: true, size: 11, align: 'right' });
    s.text(item.name, MARGIN + 36, y + 5.6, { size: 10.5, maxWidth: WIDTH - 36 });
    y += rowH;
    s.hline(MARGIN, MARGIN + WIDTH, y, 0.3);
  }
  const units = order.items.reduce((a, i) => a + i.quantity, 0);
  if (part.sheet < part.sheets) s.text('Continua na próxima folha', MARGIN, y + 6, { size: 9.5, color: LABEL });
  else s.text(`${units} ${units === 1 ? 'unidade' : 'unidades'} em ${order.items.length} ${order.items.length === 1 ? 'item' : 'itens'}`, MARGIN, y + 6, { size: 9.5, bold: true });
}

/** One sheet per order (more for a long order), of the given kind. */
export async function renderShippingDocuments(kind: DocumentKind, sender: DocParty, orders: DocOrder[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const title = kind === 'declaracao' ? 'Declaração de conteúdo' : 'Lista de separação';
  doc.setTitle(orders.length === 1 ? `${title} — pedido ${orders[0].label}` : `${title} — ${orders.length} pedidos`);
  doc.setProducer('Balcão');
  doc.setCreator('Balcão');
  for (const order of orders) {
    for (const part of chunks(order.items, kind === 'declaracao' ? DECLARATION_ITEMS_PER_SHEET : SLIP_ITEMS_PER_SHEET)) {
      const sheet = new Sheet(doc.addPage([PAGE_W, PAGE_H]), fonts);
      if (kind === 'declaracao') drawDeclaration(sheet, sender, order, part);
      else drawPackingSlip(sheet, sender.name, order, part);
    }
  }
  return doc.save();
}
