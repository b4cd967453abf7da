import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deriveFormats, MAX_PHOTO_BYTES, PHOTO_FORMATS, PHOTO_WIDTHS, processPhoto, sniffImage } from './photo-processing';

function gradient(width: number, height: number) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([x % 256, y % 256, 128], (y * width + x) * 3);
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/** A JPEG as a phone writes it: EXIF with the camera and the GPS position where it was taken. */
async function jpegWithGps(width = 1600, height = 1200, orientation?: number) {
  let img = gradient(width, height).jpeg({ quality: 85 });
  if (orientation) img = img.withMetadata({ orientation });
  img = img.withExif({
    IFD0: { Make: 'Apple', Model: 'iPhone 15' },
    IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '46/1 38/1 0/1' },
  });
  return img.toBuffer();
}

/** A real PNG of 20,000 × 20,000 black pixels: 50 MB of pixels in a few tens of KB. */
function pngBomb(side = 20_000): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const v of b) c = crcTable[(c ^ v) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale
  const row = Math.ceil(side / 8) + 1;
  const idat = deflateSync(Buffer.alloc(row * side), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

describe('processPhoto', () => {
  it('re-encodes a JPEG to AVIF, WebP and JPEG in every width up to its own, with the GPS position gone', async () => {
    const input = await jpegWithGps();
    // The fixture does carry EXIF with a GPS block (tag 0x8825, the GPS IFD pointer).
    const exif = (await sharp(input).metadata()).exif!;
    expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(input.includes(Buffer.from('iPhone 15'))).toBe(true);

    const r = await processPhoto(input);
    if (!r.ok) throw new Error(r.reason);
    expect(r.photo).toMatchObject({ width: 1280, height: 960 });
    expect(r.photo.files.map((f) => `${f.width} ${f.format}`)).toEqual(PHOTO_WIDTHS.flatMap((w) => PHOTO_FORMATS.map((format) => `${w} ${format}`)));
    const decoded = { avif: 'heif', webp: 'webp', jpeg: 'jpeg' } as const;
    for (const f of r.photo.files) {
      const meta = await sharp(f.bytes).metadata();
      expect(meta.format).toBe(decoded[f.format]);
      if (f.format === 'avif') expect(meta.compression).toBe('av1');
      expect(meta.width).toBe(f.width);
      expect(meta.height).toBe(Math.round((f.width * 3) / 4));
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(f.bytes.includes(Buffer.from('iPhone'))).toBe(false);
      expect(f.bytes.includes(Buffer.from('Exif'))).toBe(false);
      expect(f.hash).toMatch(/^[0-9a-f]{20}$/);
    }
    // 18 encodes of a 1,280 px photo: seconds on a small machine shared with other work.
  }, 90_000);

  it('turns a photo upright by its EXIF orientation before dropping the EXIF', async () => {
    const r = await processPhoto(await jpegWithGps(800, 600, 6)); // 6: rotate 90° clockwise
    if (!r.ok) throw new Error(r.reason);
    expect(r.photo).toMatchObject({ width: 600, height: 800 });
  });

  it('keeps a small image at its own size (never enlarged)', async () => {
    const png = await gradient(200, 100).png().toBuffer();
    const r = await processPhoto(png, ['webp']);
    if (!r.ok) throw new Error(r.reason);
    expect(r.photo.files.map((f) => [f.width, f.height])).toEqual([
      [160, 80],
      [200, 100],
    ]);
    const webp = await gradient(100, 100).webp().toBuffer();
    expect(await processPhoto(webp, ['webp'])).toMatchObject({ ok: true, photo: { width: 100, files: [{ width: 100 }] } });
  });

  it('gives a transparent PNG a white background in JPEG (no alpha there), and keeps it in AVIF and WebP', async () => {
    const transparent = await sharp({ create: { width: 200, height: 150, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const r = await processPhoto(transparent);
    if (!r.ok) throw new Error(r.reason);
    const jpeg = r.photo.files.find((f) => f.format === 'jpeg' && f.width === 200)!;
    const { data } = await sharp(jpeg.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].every((v) => v > 245)).toBe(true);
    for (const format of ['avif', 'webp'] as const) expect((await sharp(r.photo.files.find((f) => f.format === format)!.bytes).metadata()).hasAlpha).toBe(true);
  });
});

describe('deriveFormats (a photo stored before AVIF and JPEG)', () => {
  it('derives the missing formats at the widths the photo already has, from its largest WebP', async () => {
    const stored = await processPhoto(await jpegWithGps(1000, 750), ['webp']);
    if (!stored.ok) throw new Error(stored.reason);
    const widths = stored.photo.files.map((f) => f.width);
    expect(widths).toEqual([160, 320, 480, 640, 960, 1000]);
    const largest = stored.photo.files[stored.photo.files.length - 1];
    const files = await deriveFormats(largest.bytes, widths, ['avif', 'jpeg']);
    expect(files.map((f) => `${f.width}x${f.height} ${f.format}`)).toEqual(widths.flatMap((w) => ['avif', 'jpeg'].map((format) => `${w}x${Math.round((w * 3) / 4)} ${format}`)));
    for (const f of files) expect((await sharp(f.bytes).metadata()).width).toBe(f.width);
    // An old photo with fewer widths (stored before 480 was one) keeps exactly those.
    expect((await deriveFormats(largest.bytes, [160, 320, 640, 960, 1000], ['jpeg'])).map((f) => f.width)).toEqual([160, 320, 640, 960, 1000]);
  }, 90_000);

  it('refuses what is not an image, whatever its name or type said', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF');
    expect(await processPhoto(pdf)).toEqual({ ok: false, reason: 'not_image' });
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(100)]);
    expect(await processPhoto(zip)).toEqual({ ok: false, reason: 'not_image' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect(await processPhoto(svg)).toEqual({ ok: false, reason: 'not_image' });
    expect(await processPhoto(new Uint8Array())).toEqual({ ok: false, reason: 'empty' });
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = pngBomb();
    expect(bomb.byteLength).toBeLessThan(200_000);
    const started = Date.now();
    expect(await processPhoto(bomb)).toEqual({ ok: false, reason: 'too_many_pixels' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses a truncated image and one over 10 MB', async () => {
    const jpeg = await jpegWithGps();
    expect(await processPhoto(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toEqual({ ok: false, reason: 'corrupt' });
    const big = Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES)]);
    expect(await processPhoto(big)).toEqual({ ok: false, reason: 'too_large' });
  });

  it('explains HEIC when this build of sharp cannot decode it', async () => {
    // The prebuilt sharp decodes AVIF but not HEVC: an iPhone HEIC container is refused with a clear message.
    expect(sharp.format.heif.input.fileSuffix).not.toContain('.heic');
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\u0000\u0000\u0000\u0000mif1heic', 'latin1'), Buffer.alloc(64)]);
    expect(sniffImage(heic)).toBe('heif');
    expect(await processPhoto(heic)).toEqual({ ok: false, reason: 'heic_unsupported' });
  });
});
