/**
 * QR code images (server side: the `qrcode` package renders PNG through Node's zlib).
 * Deliberately without `server-only`, so tests and scripts can import it.
 */
import QRCode from 'qrcode';

const TARGET_PX = 360;
const MARGIN = 4;

/**
 * PNG data URI of `text`: error correction M, 4-module quiet zone, and an integer number
 * of pixels per module chosen so the image lands near 300–400 px (crisp module edges for
 * phone cameras).
 */
export async function qrPngDataUri(text: string): Promise<string> {
  if (!text) throw new RangeError('QR code text is empty');
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size + 2 * MARGIN;
  const scale = Math.max(2, Math.round(TARGET_PX / modules));
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: MARGIN, scale, type: 'image/png' });
}

/** The same QR code as PNG bytes (a download, or an <img> served by a route). */
export async function qrPng(text: string): Promise<Buffer> {
  const uri = await qrPngDataUri(text);
  return Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64');
}
