/** A one-page 10 × 15 cm label (the thermal-printer size) with the service, addresses and code. */
import { PDFDocument, StandardFonts } from 'pdf-lib';

const CM = 72 / 2.54;

export async function labelPdf(l: { code: string; service: string; from: string; to: string; protocol: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Etiqueta ${l.code}`);
  const page = doc.addPage([10 * CM, 15 * CM]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ascii = (s: string) => s.normalize('NFD').replace(/[^\x20-\x7e]/g, '');
  let y = 15 * CM - 30;
  const line = (text: string, size = 10, f = font) => {
    page.drawText(ascii(text), { x: 16, y, size, font: f });
    y -= size + 8;
  };
  line('SANDBOX - SEM VALOR', 9, bold);
  line(l.service, 16, bold);
  line(l.code, 20, bold);
  line(`Protocolo ${l.protocol}`, 9);
  y -= 8;
  line('Remetente', 9, bold);
  line(l.from, 9);
  y -= 8;
  line('Destinatario', 9, bold);
  line(l.to, 9);
  return doc.save();
}
