/**
 * The shop's logo: through the product photos' pipeline (checked by content, metadata dropped,
 * re-encoded as WebP), keeping one width. The header draws it at most 40 px tall and the
 * favicon at 32–48 px, so 320 px wide covers a wide logo on a 3x screen.
 */
import 'server-only';
import { PHOTO_MESSAGES, processPhoto } from '@/lib/catalog/imaging';
import type { LogoChange } from './identity';

export const LOGO_WIDTH = 320;

export async function logoChangeOf(file: unknown, remove: boolean): Promise<{ ok: true; change: LogoChange } | { ok: false; message: string }> {
  if (!(file instanceof Blob) || file.size === 0) return { ok: true, change: remove ? { kind: 'remove' } : { kind: 'keep' } };
  const result = await processPhoto(new Uint8Array(await file.arrayBuffer()), ['webp']);
  if (!result.ok) return { ok: false, message: PHOTO_MESSAGES[result.reason].replace('Este arquivo não é uma foto', 'Este arquivo não é uma imagem') };
  // Files come smallest first; the largest at most LOGO_WIDTH, else the smallest there is.
  const files = result.photo.files;
  const pick = [...files].reverse().find((f) => f.width <= LOGO_WIDTH) ?? files[0];
  return { ok: true, change: { kind: 'set', bytes: pick.bytes, hash: pick.hash, width: pick.width, height: pick.height } };
}
