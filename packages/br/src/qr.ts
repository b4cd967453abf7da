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

export type QrSvg = {
  /** Side of the square in modules, quiet zone included: the SVG's viewBox is `0 0 size size`. */
  size: number;
  /**
   * The dark modules as one path of horizontal strokes one module wide (draw it with
   * `stroke-width="1"`, no fill): a run of n dark modules is `h n`, the next run in the row a
   * relative move. Compact (~5 KB for a Pix code), which matters twice: the SVG is in the HTML
   * and again in the page's RSC payload.
   */
  path: string;
};

/**
 * The QR code of `text` as vector data for an inline <svg> (same error correction and quiet
 * zone as the PNG). A page draws it with the HTML: an inline SVG is painted in the first
 * frame and is not an image that waits on a decode, so it is not a late LCP element.
 */
export function qrSvg(text: string): QrSvg {
  if (!text) throw new RangeError('QR code text is empty');
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let path = '';
  for (let y = 0; y < n; y++) {
    let end = -1; // where the previous run of this row ended (-1: none yet)
    for (let x = 0; x < n; ) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < n && modules.get(y, x)) x++;
      path += end < 0 ? `M${start + MARGIN} ${y + MARGIN}.5h${x - start}` : `m${start - end} 0h${x - start}`;
      end = x;
    }
  }
  return { size: n + 2 * MARGIN, path };
}

/** The same QR code as PNG bytes (a download, or an <img> served by a route). */
export async function qrPng(text: string): Promise<Buffer> {
  const uri = await qrPngDataUri(text);
  return Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64');
}
