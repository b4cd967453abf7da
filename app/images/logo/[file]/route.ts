/**
 * The shop's logo as WebP. The URL carries the content's hash, so the answer is cacheable
 * forever; a new logo gets a new URL and the old one answers 404.
 */
import { logoFile } from '@/lib/shop';

const NOT_FOUND = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' } });

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const m = /^([0-9a-f]{20})\.webp$/.exec((await params).file);
  if (!m) return NOT_FOUND();
  const etag = `"${m[1]}"`;
  const headers = { 'Cache-Control': 'public, max-age=31536000, immutable', ETag: etag, 'Content-Type': 'image/webp' };
  const bytes = await logoFile(m[1]);
  if (!bytes) return NOT_FOUND();
  const inm = request.headers.get('if-none-match');
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(bytes), { status: 200, headers: { ...headers, 'Content-Length': String(bytes.byteLength) } });
}
