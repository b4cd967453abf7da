import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { buildPixBrCode } from './pix-brcode';
import sharp from 'sharp';
import { qrPng, qrPngDataUri, qrSvg } from './qr';

function decodeDataUri(uri: string): { width: number; height: number; text: string | null } {
  const prefix = 'data:image/png;base64,';
  expect(uri.startsWith(prefix)).toBe(true);
  const png = PNG.sync.read(Buffer.from(uri.slice(prefix.length), 'base64'));
  const result = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height);
  return { width: png.width, height: png.height, text: result?.data ?? null };
}

/** A Pix BR Code as the sandbox issues them (about 150 characters). */
const samplePixCode = (amountCents: number) =>
  buildPixBrCode({
    key: 'pix@sandbox.balcao.invalid',
    amountCents,
    txid: '0b8f6c2e-6f4b-4c8e-9a3e-2d1c0b9a8f7e',
    merchantName: 'Balcão Sandbox',
    merchantCity: 'São Paulo',
    description: 'Pedido BAL-0042',
  });

describe('qrPngDataUri', () => {
  it('draws a Pix BR Code that decodes to exactly the same string, at 300–400 px', async () => {
    const code = samplePixCode(12_345);
    const decoded = decodeDataUri(await qrPngDataUri(code));
    expect(decoded.text).toBe(code);
    expect(decoded.width).toBe(decoded.height);
    expect(decoded.width).toBeGreaterThanOrEqual(300);
    expect(decoded.width).toBeLessThanOrEqual(400);
  });

  it('stays within 300–400 px and decodable for short and long texts', async () => {
    for (const text of ['x', 'https://balcao.dev/pedido/abc', 'A'.repeat(400)]) {
      const decoded = decodeDataUri(await qrPngDataUri(text));
      expect(decoded.text).toBe(text);
      expect(decoded.width).toBeGreaterThanOrEqual(300);
      expect(decoded.width).toBeLessThanOrEqual(400);
    }
  });

  it('refuses an empty text', async () => {
    await expect(qrPngDataUri('')).rejects.toThrow(RangeError);
  });
});

describe('qrPng', () => {
  it("is a PNG whose QR code decodes to a payment link's address", async () => {
    const url = 'http://localhost:3000/pagar/aB3dE5gH7jK9';
    const png = await qrPng(url);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(decodeDataUri(`data:image/png;base64,${png.toString('base64')}`).text).toBe(url);
  });
});

describe('qrSvg', () => {
  const PX = 4; // pixels per module when rasterised

  /** Drawn as the order page draws it, rasterised by sharp (librsvg): RGBA pixels. */
  async function rasterise(text: string) {
    const { size, path } = qrSvg(text);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size * PX}" height="${size * PX}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="none" stroke="#000" stroke-width="1"/></svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { size, data, width: info.width, height: info.height };
  }
  const decode = ({ data, width, height }: Awaited<ReturnType<typeof rasterise>>) =>
    jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width, height)?.data ?? null;

  it('draws a Pix BR Code that decodes to exactly the same string, in about 5 KB of path', async () => {
    const code = samplePixCode(7_980);
    expect(decode(await rasterise(code))).toBe(code);
    expect(qrSvg(code).path.length).toBeLessThan(6_000);
  });

  it('keeps a 4-module quiet zone on every side, for short and long texts', async () => {
    for (const text of ['x', 'A'.repeat(400)]) {
      const r = await rasterise(text);
      expect(decode(r)).toBe(text);
      const dark = (x: number, y: number) => r.data[(y * r.width + x) * 4] < 128;
      const quiet = 4 * PX;
      let darkInQuietZone = 0;
      let darkInside = 0;
      for (let y = 0; y < r.height; y++) {
        for (let x = 0; x < r.width; x++) {
          const inZone = x < quiet || y < quiet || x >= r.width - quiet || y >= r.height - quiet;
          if (!dark(x, y)) continue;
          if (inZone) darkInQuietZone++;
          else darkInside++;
        }
      }
      expect(darkInQuietZone).toBe(0);
      // the finder patterns reach the zone's edge: dark modules right inside it, on each side
      expect(dark(quiet, quiet) && dark(r.width - quiet - 1, quiet) && dark(quiet, r.height - quiet - 1)).toBe(true);
      expect(darkInside).toBeGreaterThan(0);
    }
  });

  it('refuses an empty text', () => {
    expect(() => qrSvg('')).toThrow(RangeError);
  });
});
