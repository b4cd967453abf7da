/**
 * A digital product's file ("Produto digital" → "Arquivo"):
 * - POST `?name=<file name>&size=<bytes>` with no body opens an upload and answers its parts;
 *   then POST `?file=<id>&part=<n>` with each part's bytes (4 MB, the last smaller), in order
 *   (lib/digital/files.ts). Parts, not one body: a serverless host caps a request at 4.5 MB.
 *   `catalog:edit`, same origin, a body type a form cannot send (as the photos' route).
 * - GET: the merchant downloads the file (whole or a range, lib/digital/serve.ts), with
 *   `digital:files` (not the public demo's login: the file is what buyers paid for).
 * Left out of proxy.ts's matcher (its body buffer); sets its own headers.
 */
import { isOwnUpload, recordActivity } from '@/lib/security';
import { beginUpload, completeFile, PART_BYTES, storePart, fileResponse, productDigitalOf, FILE_MESSAGES } from '@/lib/digital';
import { merchantFor } from '@/lib/auth';
import { readBodyCapped } from '@balcao/server-kit/read-body';

const HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'" };
const json = (body: unknown, status = 200) => Response.json(body, { status, headers: HEADERS });

const idOf = (value: string | null | undefined) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0);

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  if (!isOwnUpload(request.headers)) return json({ ok: false, error: 'Pedido recusado.' }, 403);
  const access = await merchantFor('catalog:edit');
  if (!access.ok) return json({ ok: false, error: access.error }, access.status);
  const productId = idOf((await params).id);
  if (!productId) return json({ ok: false, error: 'Produto não encontrado.' }, 404);
  const q = new URL(request.url).searchParams;
  if (q.has('size')) {
    const size = Number(q.get('size'));
    const started = await beginUpload(productId, q.get('name') ?? '', Number.isFinite(size) ? size : -1);
    return started.ok ? json({ ok: true, fileId: started.fileId, parts: started.parts, partBytes: PART_BYTES }, 201) : json({ ok: false, error: started.error }, started.status);
  }
  const fileId = idOf(q.get('file'));
  const part = /^\d{1,2}$/.test(q.get('part') ?? '') ? Number(q.get('part')) : -1;
  if (!fileId || part < 0) return json({ ok: false, error: 'Envio não encontrado.' }, 404);
  const body = await readBodyCapped(request, PART_BYTES);
  if (body === 'too_large') return json({ ok: false, error: FILE_MESSAGES.tooLarge }, 413);
  const stored = await storePart(productId, fileId, part, body);
  if (stored.ok && stored.complete) {
    await recordActivity({ actor: access.merchant, action: 'catalog', summary: 'Arquivo do produto digital enviado', target: `produto ${productId}`, headers: request.headers });
  }
  return stored.ok ? json({ ok: true, complete: stored.complete }) : json({ ok: false, error: stored.error }, stored.status);
}

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const access = await merchantFor('digital:files');
  if (!access.ok) return json({ ok: false, error: access.error }, access.status);
  const productId = idOf((await params).id);
  const digital = productId ? await productDigitalOf(productId) : null;
  const file = digital?.file ? await completeFile(digital.file.id) : undefined;
  if (!file) return json({ ok: false, error: 'Este produto não tem arquivo.' }, 404);
  return fileResponse(request, file, HEADERS);
}
