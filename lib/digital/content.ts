/**
 * What a digital product may be, checked by its content, never by the name or the type the
 * browser guessed: a file's first bytes say whether it is a PDF, a ZIP, an EPUB or an MP4; a
 * link must be an http(s) URL; a text is bounded. Pure.
 */

export const MAX_DIGITAL_BYTES = 25 * 1024 * 1024;
export const MAX_DIGITAL_TEXT = 2000;
export const MAX_DIGITAL_URL = 2000;

export type DigitalFileType = { mime: string; ext: 'pdf' | 'zip' | 'epub' | 'mp4'; label: string };

const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * The type the bytes are, from their start (the first 64 bytes are enough), or null.
 * An EPUB is a ZIP whose first entry is the uncompressed `mimetype` file saying so (the EPUB
 * Open Container Format requires it first, stored, so it sits at a fixed offset).
 */
export function sniffDigitalType(head: Uint8Array): DigitalFileType | null {
  if (head.length >= 5 && ascii(head, 0, 5) === '%PDF-') return { mime: 'application/pdf', ext: 'pdf', label: 'PDF' };
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    if (head.length >= 58 && ascii(head, 30, 38) === 'mimetype' && ascii(head, 38, 58) === 'application/epub+zip') {
      return { mime: 'application/epub+zip', ext: 'epub', label: 'EPUB' };
    }
    return { mime: 'application/zip', ext: 'zip', label: 'ZIP' };
  }
  // ISO base media file: a box size, then "ftyp" and a brand; the same box starts HEIC and AVIF
  // photos, which are not videos.
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && !IMAGE_BRANDS.has(ascii(head, 8, 12))) return { mime: 'video/mp4', ext: 'mp4', label: 'MP4' };
  return null;
}

export const FILE_MESSAGES = {
  empty: 'O arquivo está vazio.',
  tooLarge: 'O arquivo pode ter no máximo 25 MB.',
  badType: 'Envie um PDF, ZIP, EPUB ou MP4. O conteúdo deste arquivo não é de nenhum desses tipos.',
} as const;

/** The download's name: the merchant's file name without a path or odd characters, with the extension of what the bytes are. */
export function downloadName(name: string, type: DigitalFileType): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `${base || 'arquivo'}.${type.ext}`;
}

/** A link to give the buyer: http(s) only, with a host, at most 2000 characters; else the pt-BR reason. */
export function checkDigitalUrl(input: string): { ok: true; url: string } | { ok: false; error: string } {
  const value = input.trim();
  if (!value) return { ok: false, error: 'Informe o link que o comprador vai receber.' };
  if (value.length > MAX_DIGITAL_URL) return { ok: false, error: `O link pode ter no máximo ${MAX_DIGITAL_URL} caracteres.` };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: 'Informe um link completo, começando com https://.' };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password) {
    return { ok: false, error: 'Informe um link completo, começando com https://.' };
  }
  return { ok: true, url: url.toString() };
}

/** A text to give the buyer (an access code, instructions): not blank, at most 2000 characters. */
export function checkDigitalText(input: string): { ok: true; text: string } | { ok: false; error: string } {
  const value = input.replace(/\r\n/g, '\n').trim();
  if (!value) return { ok: false, error: 'Escreva o código ou as instruções que o comprador vai receber.' };
  if (value.length > MAX_DIGITAL_TEXT) return { ok: false, error: `O texto pode ter no máximo ${MAX_DIGITAL_TEXT} caracteres.` };
  return { ok: true, text: value };
}

/** "1,2 MB", "340 KB": a file's size as people read it. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`;
}
