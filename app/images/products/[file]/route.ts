/**
 * A product photo's bytes (AVIF, WebP or JPEG, by the name's extension). The URL names the
 * photo, the width, the format and the content's hash, and a stored file never changes, so the
 * answer is cacheable forever (immutable) with the hash as its ETag. Outside proxy.ts (the
 * matcher skips these names): no per-request work but this.
 */
import { CONTENT_TYPE, parsePhotoFileName, photoFile } from '@/lib/catalog';

const NOT_FOUND = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' } });

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const parsed = parsePhotoFileName((await params).file);
  if (!parsed) return NOT_FOUND();
  const etag = `"${parsed.hash}"`;
  const headers = { 'Cache-Control': 'public, max-age=31536000, immutable', ETag: etag, 'Content-Type': CONTENT_TYPE[parsed.format] };
  const file = await photoFile(parsed.photoId, parsed.width, parsed.format);
  if (!file || file.hash !== parsed.hash) return NOT_FOUND();
  const inm = request.headers.get('if-none-match');
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(file.bytes), { status: 200, headers: { ...headers, 'Content-Length': String(file.bytes.byteLength) } });
}
