/**
 * A merchant's photo upload → AVIF, WebP and JPEG files in the widths the pages use, or a
 * pt-BR reason. The page offers them in that order (<picture>): AVIF is the smallest for the
 * same look, WebP the next, JPEG what every browser and every feed reader decodes.
 *
 * Checked by content, never by name or declared type: the first bytes must be a JPEG, PNG,
 * WebP or HEIC/HEIF container; the header's pixel count is checked before any decoding
 * (a 20,000 × 20,000 PNG of a few KB is a decompression bomb), and sharp decodes with the
 * same cap (limitInputPixels) and fails on corrupt data. Re-encoding drops every metadata
 * block (EXIF with GPS, XMP, IPTC, ICC beyond sRGB conversion): only pixels leave here.
 */
import 'server-only';
import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';

/** Largest upload accepted, in bytes (10 MB). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Largest decoded image: 50 megapixels (an iPhone's 48 MP photo fits; 20,000² does not). */
export const MAX_PHOTO_PIXELS = 50_000_000;
/**
 * Widths stored per photo: thumbnail, card at 1x, a phone's card at 2x, card at 2x / product
 * page, product page at 2x.
 */
export const PHOTO_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/**
 * Each format's encoder settings, tuned for about the same look. AVIF at effort 0 above the
 * card's widths: several times less CPU than the default for a few percent more bytes, so an
 * upload answers in seconds on a small shared machine; the small widths (the ones a page may
 * write into its HTML) get more effort, cheap at that size. JPEG, the fallback only a browser
 * without AVIF and WebP fetches (and feeds), skips mozjpeg's slower search for the same reason.
 */
const ENCODE: Record<PhotoFormat, (s: Sharp, width: number) => Sharp> = {
  avif: (s, width) => s.avif({ quality: 50, effort: width <= 480 ? 3 : 0 }),
  webp: (s) => s.webp({ quality: 80, effort: 4 }),
  // JPEG has no alpha: a transparent background becomes white, as the pages' cards are.
  jpeg: (s) => s.flatten({ background: '#ffffff' }).jpeg({ quality: 80, progressive: true }),
};

export type PhotoFile = { width: number; height: number; format: PhotoFormat; hash: string; bytes: Buffer };
export type ProcessedPhoto = { width: number; height: number; files: PhotoFile[] };
export type PhotoError = 'empty' | 'too_large' | 'not_image' | 'heic_unsupported' | 'too_many_pixels' | 'corrupt';

export const PHOTO_MESSAGES: Record<PhotoError, string> = {
  empty: 'O arquivo está vazio.',
  too_large: 'A foto pode ter no máximo 10 MB.',
  not_image: 'Este arquivo não é uma foto. Envie uma imagem JPEG, PNG ou WebP.',
  heic_unsupported:
    'Fotos HEIC ainda não são aceitas. No iPhone, escolha a foto pelo botão de envio (ela vai como JPEG) ou ajuste Ajustes › Câmera › Formatos › Mais compatível.',
  too_many_pixels: `A foto é grande demais (mais de ${MAX_PHOTO_PIXELS / 1_000_000} megapixels). Reduza o tamanho e envie de novo.`,
  corrupt: 'Não foi possível ler esta imagem: o arquivo parece corrompido.',
};

type Kind = 'jpeg' | 'png' | 'webp' | 'heif';

/** The container the first bytes announce (magic numbers), or null. */
export function sniffImage(b: Uint8Array): Kind | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'png';
  const ascii = (from: number, to: number) => Buffer.from(b.subarray(from, to)).toString('latin1');
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (b.length >= 12 && ascii(4, 8) === 'ftyp' && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(ascii(8, 12))) return 'heif';
  return null;
}

function sha(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 20);
}

type Raw = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

/** Each width (at most the image's own, which is always kept) in each format, from decoded pixels. */
async function encodeAll(raw: Raw, widths: readonly number[], formats: readonly PhotoFormat[]): Promise<PhotoFile[]> {
  const input = { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } } as const;
  const list: number[] = widths.filter((w) => w < raw.info.width);
  list.push(raw.info.width);
  const files: PhotoFile[] = [];
  for (const w of list) {
    for (const format of formats) {
      const out = await ENCODE[format](sharp(raw.data, input).resize({ width: w, withoutEnlargement: true }), w).toBuffer({ resolveWithObject: true });
      files.push({ width: out.info.width, height: out.info.height, format, hash: sha(out.data), bytes: out.data });
    }
  }
  return files;
}

/**
 * The formats a photo stored before them lacks, derived from its largest stored WebP (the
 * original upload is not kept), at the widths it has: a photo's URLs keep their widths.
 */
export async function deriveFormats(largestWebp: Buffer, widths: readonly number[], formats: readonly PhotoFormat[]): Promise<PhotoFile[]> {
  const { data, info } = await sharp(largestWebp, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const files = await encodeAll({ data, info: { width: info.width, height: info.height, channels: info.channels } }, widths, formats);
  return files.filter((f) => widths.includes(f.width));
}

/** `formats`: all three for a product photo; the logo keeps WebP alone. */
export async function processPhoto(input: Uint8Array, formats: readonly PhotoFormat[] = PHOTO_FORMATS): Promise<{ ok: true; photo: ProcessedPhoto } | { ok: false; reason: PhotoError }> {
  if (input.byteLength === 0) return { ok: false, reason: 'empty' };
  if (input.byteLength > MAX_PHOTO_BYTES) return { ok: false, reason: 'too_large' };
  const kind = sniffImage(input);
  if (!kind) return { ok: false, reason: 'not_image' };

  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', sequentialRead: true } as const;
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(input, options).metadata();
  } catch (error) {
    if (kind === 'heif') return { ok: false, reason: 'heic_unsupported' };
    return { ok: false, reason: /pixel limit/i.test(String(error)) ? 'too_many_pixels' : 'corrupt' };
  }
  if (!meta.width || !meta.height) return { ok: false, reason: 'corrupt' };
  if (meta.width * meta.height > MAX_PHOTO_PIXELS) return { ok: false, reason: 'too_many_pixels' };
  const expected: Record<Kind, string[]> = { jpeg: ['jpeg'], png: ['png'], webp: ['webp'], heif: ['heif'] };
  if (!expected[kind].includes(meta.format ?? '')) return { ok: false, reason: 'not_image' };

  try {
    // Decode once (turned upright by its EXIF orientation, at most the largest width), then
    // encode each width from those pixels.
    const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Widths above the image's own are skipped, but a small image keeps at least its own width.
    const files = await encodeAll({ data, info: { width: info.width, height: info.height, channels: info.channels } }, PHOTO_WIDTHS, formats);
    return { ok: true, photo: { width: info.width, height: info.height, files } };
  } catch (error) {
    if (kind === 'heif') return { ok: false, reason: 'heic_unsupported' };
    return { ok: false, reason: /pixel limit/i.test(String(error)) ? 'too_many_pixels' : 'corrupt' };
  }
}
