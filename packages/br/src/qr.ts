/**
 * QR code images (server side: PNG through Node's zlib).
 * Deliberately without `server-only`, so tests and scripts can import it.
 */
import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

const TARGET_PX = 360;
const MARGIN = 4;

/**
 * PNG data URI of `text`: error correction M, 4-module quiet zone, and an integer number
 * of pixels per module chosen so the image lands near 300–400 px (crisp module edges for
 * phone cameras).
 */
export async function qrPngDataUri(text: string): Promise<string> {
  return `data:image/png;base64,${qrPngBytes(text).toString('base64')}`;
}

/**
 * The PNG drawn straight from the symbol's modules: one bit per pixel, black and white (a QR code
 * has no other colours), every row unfiltered. The `qrcode` package's own PNG renderer draws 32-bit
 * pixels and tries every row filter, which made the embedded sandbox's Pix charges cost most of a
 * subscription cycle's CPU; this one encodes the symbol once and deflates a few kilobytes.
 */
function qrPngBytes(text: string): Buffer {
  if (!text) throw new RangeError('QR code text is empty');
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = modules.size + 2 * MARGIN;
  const scale = Math.max(2, Math.round(TARGET_PX / side));
  const px = side * scale;
  const rowBytes = Math.ceil(px / 8);
  // Grayscale, 1 bit: a set bit is white. Each row starts with its filter byte (0: none).
  const raw = Buffer.alloc((rowBytes + 1) * px, 0xff);
  const row = Buffer.alloc(rowBytes + 1);
  for (let my = 0; my < side; my++) {
    row.fill(0xff);
    row[0] = 0;
    const y = my - MARGIN;
    if (y >= 0 && y < modules.size) {
      for (let x = 0; x < modules.size; x++) {
        if (!modules.get(y, x)) continue;
        for (let p = (x + MARGIN) * scale, end = p + scale; p < end; p++) row[1 + (p >> 3)] &= ~(0x80 >> (p & 7));
      }
    }
    for (let k = 0; k < scale; k++) row.copy(raw, (my * scale + k) * (rowBytes + 1));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(px, 0);
  header.writeUInt32BE(px, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
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
  return qrPngBytes(text);
}
