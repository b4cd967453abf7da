/**
 * The seed's digital product, "E-book: Guia do café coado": a small real PDF drawn with pdf-lib
 * (a fixed date, so every fresh clone has the same bytes), stored as the product's file in
 * chunks (digital_files, digital_file_chunks) as lib/digital/files.ts stores an upload.
 */
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { AppDatabase } from './index';
import { digitalFileChunks, digitalFiles, productDigital } from './schema';

export const EBOOK_SLUG = 'ebook-guia-do-cafe-coado';
export const EBOOK_FILE_NAME = 'guia-do-cafe-coado.pdf';

const PAGES: [string, string[]][] = [
  ['Guia do café coado', ['Café da Esquina', '', 'Um guia curto para passar um café limpo e doce em casa,', 'com coador de pano ou de papel.']],
  [
    'O que você precisa',
    ['- 20 g de café moído na hora, moagem média-fina', '- 300 ml de água entre 90 °C e 94 °C (sem ferver)', '- Coador de pano ou filtro de papel nº 102', '- Uma balança, se tiver'],
  ],
  [
    'Passo a passo',
    [
      '1. Escalde o filtro com água quente e descarte essa água.',
      '2. Ponha o café e despeje 40 ml de água para a pré-infusão.',
      '3. Espere 30 segundos: o café "respira" e libera o gás.',
      '4. Despeje o resto da água em círculos, devagar, em 2 minutos.',
      '5. Sirva na hora. Café coado não gosta de esperar.',
    ],
  ],
];

export async function ebookPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fixed = new Date('2026-01-01T12:00:00Z');
  doc.setTitle('Guia do café coado');
  doc.setAuthor('Café da Esquina');
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  doc.setProducer('Balcão');
  doc.setCreator('Balcão');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const [title, lines] of PAGES) {
    const page = doc.addPage([420, 595]);
    page.drawText(title, { x: 40, y: 530, size: 22, font: bold, color: rgb(0.42, 0.24, 0.15) });
    lines.forEach((line, i) => page.drawText(line, { x: 40, y: 490 - i * 20, size: 11, font: regular }));
  }
  return doc.save({ useObjectStreams: false });
}

const CHUNK_BYTES = 512 * 1024;

/** Makes the seeded e-book product digital with its PDF (once: a product already digital is left as it is). */
export async function seedEbook(database: AppDatabase, productId: number): Promise<void> {
  const { db } = database;
  const [existing] = await db.select({ productId: productDigital.productId }).from(productDigital).where(eq(productDigital.productId, productId));
  if (existing) return;
  const bytes = Buffer.from(await ebookPdf());
  const [file] = await db
    .insert(digitalFiles)
    .values({ productId, name: EBOOK_FILE_NAME, mime: 'application/pdf', size: bytes.byteLength, parts: 1, expectedParts: 1, complete: true })
    .returning({ id: digitalFiles.id });
  for (let seq = 0; seq * CHUNK_BYTES < bytes.byteLength; seq++) {
    await db.insert(digitalFileChunks).values({ fileId: file!.id, seq, bytes: bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES) });
  }
  await db.insert(productDigital).values({ productId, kind: 'file', fileId: file!.id });
}
