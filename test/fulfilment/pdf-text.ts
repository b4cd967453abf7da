/** Test helper: the text a pdf-lib PDF with standard fonts shows, page by page (one line per text operation). */
import { PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

/** WinAnsi bytes 0x80–0x9F that differ from Latin-1 (the rest of WinAnsi is Latin-1). */
const WIN_ANSI_HIGH: Record<number, string> = { 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x96: '–', 0x97: '—', 0x80: '€' };

export async function pdfPagesText(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const refs = contents && 'asArray' in contents ? contents.asArray() : [contents];
    let raw = '';
    for (const ref of refs) {
      const stream = doc.context.lookup(ref as never);
      if (stream instanceof PDFRawStream) raw += new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
    }
    let out = '';
    for (const m of raw.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      const bytes = m[1].match(/../g)?.map((h) => parseInt(h, 16)) ?? [];
      out += `${bytes.map((b) => WIN_ANSI_HIGH[b] ?? String.fromCharCode(b)).join('')}\n`;
    }
    return out;
  });
}
