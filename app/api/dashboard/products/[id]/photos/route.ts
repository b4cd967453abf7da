/**
 * POST a product photo (the file's bytes as the body, one photo per request, up to 10 MB).
 * A route handler rather than a server action: actions keep their 1 MB limit, and this path
 * is left out of proxy.ts's matcher, whose body buffer would cut a larger upload. Checks
 * the session and the `catalog:edit` permission on the server; a cross-site page cannot call it (the body's content type is
 * not one a form can send without a CORS preflight, and the Origin must be this site).
 */
import { isOwnUpload } from '@/lib/security';
import { merchantFor } from '@/lib/auth';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES, uploadProductPhoto } from '@/lib/catalog/imaging';
import { readBodyCapped } from '@balcao/server-kit/read-body';

const HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'" };
const json = (body: unknown, status = 200) => Response.json(body, { status, headers: HEADERS });

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  if (!isOwnUpload(request.headers)) return json({ ok: false, error: 'Pedido recusado.' }, 403);
  const access = await merchantFor('catalog:edit');
  if (!access.ok) return json({ ok: false, error: access.error }, access.status);
  const { id } = await params;
  const productId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : 0;
  if (!productId) return json({ ok: false, error: 'Produto não encontrado.' }, 404);
  const body = await readBodyCapped(request, MAX_PHOTO_BYTES);
  if (body === 'too_large') return json({ ok: false, error: PHOTO_MESSAGES.too_large }, 413);
  const result = await uploadProductPhoto(productId, body);
  return result.ok ? json({ ok: true, photoId: result.photoId }, 201) : json({ ok: false, error: result.error }, result.status);
}
