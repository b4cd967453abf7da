/**
 * A product photo's WebP bytes. The URL names the photo, the width and the content's hash,
 * and a stored photo never changes, so the answer is cacheable forever (immutable) with the
 * hash as its ETag. Outside proxy.ts (the matcher skips .webp): no per-request work but this.
 */
import { parsePhotoFileName, photoFile } from '@/lib/catalog/photos';

const NOT_FOUND = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' } });

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const parsed = parsePhotoFileName((await params).file);
  if (!parsed) return NOT_FOUND();
  const etag = `"${parsed.hash}"`;
  const headers = { 'Cache-Control': 'public, max-age=31536000, immutable', ETag: etag, 'Content-Type': 'image/webp' };
  const file = await photoFile(parsed.photoId, parsed.width);
  if (!file || file.hash !== parsed.hash) return NOT_FOUND();
  const inm = request.headers.get('if-none-match');
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(file.bytes), { status: 200, headers: { ...headers, 'Content-Length': String(file.bytes.byteLength) } });
}
