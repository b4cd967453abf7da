/**
 * A small photo file as a data: URI, for the one picture that is a page's largest paint.
 *
 * Every request for an image costs a round trip after the HTML has arrived, and on a phone's
 * network that round trip is most of the time to the page's largest paint; a file of a few
 * kilobytes costs less written into the HTML itself. Only files up to INLINE_MAX_BYTES are
 * inlined; a larger one is preloaded instead. A stored file never changes (its URL carries its
 * hash), so each is read once per process and kept: the page's own queries stay as they were.
 */
import 'server-only';
import { CONTENT_TYPE, parsePhotoFileName, photoFile } from './photos';

/** Largest file written into a page (base64 adds a third). */
export const INLINE_MAX_BYTES = 12 * 1024;
const KEPT = 256;
const kept = new Map<string, Promise<string | null>>();

async function read(url: string): Promise<string | null> {
  const parsed = parsePhotoFileName(url.slice(url.lastIndexOf('/') + 1));
  if (!parsed) return null;
  const file = await photoFile(parsed.photoId, parsed.width, parsed.format);
  if (!file || file.hash !== parsed.hash || file.bytes.byteLength > INLINE_MAX_BYTES) return null;
  return `data:${CONTENT_TYPE[parsed.format]};base64,${file.bytes.toString('base64')}`;
}

/** The data: URI of a stored photo file by its URL, or null when it is too large (or gone). */
export function inlinePhoto(url: string): Promise<string | null> {
  let hit = kept.get(url);
  if (!hit) {
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
    hit = read(url).catch(() => null);
    kept.set(url, hit);
  }
  return hit;
}
