import { PDFDocument, PDFRawStream, StandardFonts, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderBoletoPdf, toFontSafe, type BoletoPdfInput } from './boleto-pdf';
import { SAMPLE_BOLETO } from '../../test/boleto-pdf.fixture';

const SAMPLE = SAMPLE_BOLETO;

/** WinAnsi bytes 0x80–0x9F that differ from Latin-1 (the rest of WinAnsi is Latin-1). */
const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8a: 'Š', 0x8b: '‹', 0x8c: 'Œ', 0x8e: 'Ž',
  0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™', 0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};

/** The page's content stream, decompressed. */
async function pageContent(pdf: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(pdf);
  const contents = doc.getPage(0).node.Contents();
  const refs = contents && 'asArray' in contents ? contents.asArray() : [contents];
  let raw = '';
  for (const ref of refs) {
    const stream = doc.context.lookup(ref as never);
    if (stream instanceof PDFRawStream) raw += new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
  }
  return raw;
}

/** Text shown on the page, one string per text operation (Helvetica text is written as WinAnsi hex strings). */
async function pageText(pdf: Uint8Array): Promise<string> {
  const raw = await pageContent(pdf);
  let out = '';
  for (const m of raw.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
    const bytes = m[1].match(/../g)?.map((h) => parseInt(h, 16)) ?? [];
    out += `${bytes.map((b) => WIN_ANSI_HIGH[b] ?? String.fromCharCode(b)).join('')}\n`;
  }
  return out;
}

describe('renderBoletoPdf', () => {
  it('renders a one-page A4 PDF that pdf-lib reads back', async () => {
    const pdf = await renderBoletoPdf(SAMPLE);
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo(595.28, 0);
    expect(height).toBeCloseTo(841.89, 0);
    expect(doc.getTitle()).toContain(SAMPLE.id);
  });

  it('prints the warning, the formatted digitable line, due date, amount, masked document and address', async () => {
    const text = await pageText(await renderBoletoPdf(SAMPLE));
    expect(text).toContain('DOCUMENTO DE TESTE — SANDBOX — NÃO PAGUE');
    expect(text).toContain('Banco Sandbox');
    expect(text).toContain('Recibo do Pagador');
    expect(text).toContain(SAMPLE.digitableLine.replace(/^(\d{5})(\d{5})(\d{5})(\d{6})(\d{5})(\d{6})(\d)(\d{14})$/, '$1.$2 $3.$4 $5.$6 $7 $8'));
    expect(text).toContain('14/08/2026');
    expect(text).toContain('R$ 1.234,56');
    expect(text).toContain('Maria da Conceição Araújo');
    expect(text).toContain('529.***.***-25');
    expect(text).not.toContain('52998224725');
    expect(text).toContain('CEP 01310-200');
    expect(text).toContain('Após o vencimento, cobrar multa de 2%.');
    expect(text).toContain('juros de 0,1% ao mês');
    expect(text).toContain('999-');
  });

  it('draws the barcode as ITF-25 rectangles: one filled rectangle per bar', async () => {
    const raw = await pageContent(await renderBoletoPdf(SAMPLE));
    // pdf-lib draws a rectangle as a translated path: "1 0 0 1 x y cm … 0 0 m 0 h l w h l w 0 l h f".
    const rects = [...raw.matchAll(/1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\n(?:1 0 0 1 0 0 cm\n)*0 0 m\n0 ([\d.]+) l\n([\d.]+) [\d.]+ l\n[\d.]+ 0 l\nh\nf/g)].map((m) => ({
      x: Number(m[1]),
      h: Number(m[3]),
      w: Number(m[4]),
    }));
    // 13 mm = 36.85 pt high bars: 2 start bars + 44 digits × 5 / 2 + 2 stop bars.
    const bars = rects.filter((r) => Math.abs(r.h - 36.85) < 0.01).map((m) => ({ 1: m.x, 3: m.w }));
    expect(bars).toHaveLength(2 + 110 + 2);
    const widths = new Set(bars.map((m) => Number(Number(m[3]).toFixed(2))));
    expect([...widths].sort()).toEqual([0.72, 2.16]);
    const left = Math.min(...bars.map((m) => Number(m[1])));
    const right = Math.max(...bars.map((m) => Number(m[1]) + Number(m[3])));
    // Read it back as a scanner would: bar widths and the gaps between bars, narrow or wide, decoded pair by pair.
    const sorted = bars.map((m) => ({ x: m[1], w: m[3] })).sort((a, b) => a.x - b.x);
    const runs: number[] = [];
    sorted.forEach((bar, i) => {
      runs.push(bar.w);
      if (i < sorted.length - 1) runs.push(sorted[i + 1].x - (bar.x + bar.w));
    });
    const wide = runs.map((r) => (Math.abs(r - 2.16) < 0.01 ? 'w' : Math.abs(r - 0.72) < 0.01 ? 'n' : '?'));
    expect(wide.slice(0, 4).join('')).toBe('nnnn');
    expect(wide.slice(-3).join('')).toBe('wnn');
    const patterns = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];
    const data = wide.slice(4, -3);
    let digits = '';
    for (let i = 0; i < data.length; i += 10) {
      const chunk = data.slice(i, i + 10);
      digits += patterns.indexOf(chunk.filter((_, k) => k % 2 === 0).join(''));
      digits += patterns.indexOf(chunk.filter((_, k) => k % 2 === 1).join(''));
    }
    expect(digits).toBe(SAMPLE.barcode);
    // ~103 mm long.
    expect((right - left) / (72 / 25.4)).toBeGreaterThan(100);
    expect((right - left) / (72 / 25.4)).toBeLessThan(106);
  });

  it('never throws on names and texts outside WinAnsi, and keeps what it can', async () => {
    const unicode: BoletoPdfInput = {
      ...SAMPLE,
      payer: { ...SAMPLE.payer, name: 'Łukasz Żółć 李小龍 Nguyễn Văn Ánh 😀', city: 'Kraków\u00a0City', street: 'Rua “Ω” ‐ nº 5\nfundos' },
      description: 'Ação — 🚀 ✓ ★ €10 ’quoted’',
      beneficiary: 'Loja Ñandú ‒ Ǆ',
    };
    const pdf = await renderBoletoPdf(unicode);
    const text = await pageText(pdf);
    expect(text).toContain('Lukasz Zólc Nguyen Van Ánh');
    expect(text).toContain('Ação —');
    expect(text).toContain('€10');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
  });

  it('cuts very long texts to fit instead of overflowing', async () => {
    const long: BoletoPdfInput = { ...SAMPLE, payer: { ...SAMPLE.payer, name: 'Nome '.repeat(60) }, description: 'Descrição muito longa '.repeat(40), beneficiary: 'B'.repeat(300) };
    const text = await pageText(await renderBoletoPdf(long));
    expect(text).toContain('…');
    for (const l of text.split('\n')) expect(l.length).toBeLessThan(140);
    // The payer's document survives a long name.
    expect(text).toMatch(/Nome Nome.*… — CPF\/CNPJ 529\.\*\*\*\.\*\*\*-25/);
  });

  it('refuses a barcode with wrong check digits', async () => {
    const wrong = `${SAMPLE.barcode.slice(0, 43)}${(Number(SAMPLE.barcode[43]) + 1) % 10}`;
    await expect(renderBoletoPdf({ ...SAMPLE, barcode: wrong })).rejects.toThrow(RangeError);
  });
});

describe('toFontSafe', () => {
  it('keeps WinAnsi characters, transliterates the rest, drops what has no equivalent', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(toFontSafe(font, 'São João — R$ 10,00 “ok” €')).toBe('São João — R$ 10,00 “ok” €');
    expect(toFontSafe(font, 'Łódź Ærø ß')).toBe('Lódz Ærø ß');
    expect(toFontSafe(font, 'Nguyễn')).toBe('Nguyen');
    expect(toFontSafe(font, 'a😀b 李 c')).toBe('ab c');
    expect(toFontSafe(font, 'line1\nline2')).toBe('line1 line2');
    expect(() => font.encodeText(toFontSafe(font, 'Ǆ ‐ ‒ Ω ✓ \u00a0 x'))).not.toThrow();
  });
});
