/**
 * The embedded carrier sandbox over HTTP (Melhor Envio's /api/v2/me/… and its /sim/… controls):
 * thin, see @balcao/shipping-sandbox and lib/demo/carrier-sandbox-http.ts for who may call
 * what. The app itself never comes here: it calls the sandbox in process.
 */
import { readBodyCapped } from '@balcao/server-kit/read-body';
import { handleCarrierCall } from '@balcao/shipping-sandbox';
import { env } from '@/lib/config/env';
import { carrierSandbox, EMBEDDED_PATH } from '@/lib/shipping/carrier';
import { carrierHttpRefusal } from '@/lib/demo/carrier-sandbox-http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Context = { params: Promise<{ path: string[] }> };

async function handle(req: Request, context: Context): Promise<Response> {
  if (!env().sandboxEnabled) return new Response('Not found', { status: 404 });
  const { path } = await context.params;
  const refusal = await carrierHttpRefusal(path, req.headers);
  if (refusal) return Response.json({ message: refusal.message }, { status: refusal.status, headers: refusal.retryAfter ? { 'Retry-After': String(refusal.retryAfter) } : {} });
  const raw = req.method === 'GET' ? new Uint8Array() : await readBodyCapped(req, 64 * 1024);
  if (raw === 'too_large') return Response.json({ message: 'Corpo grande demais.' }, { status: 413 });
  const text = new TextDecoder().decode(raw);
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    return Response.json({ message: 'JSON inválido.' }, { status: 400 });
  }
  const reply = await handleCarrierCall(carrierSandbox(), { method: req.method, path, authorization: req.headers.get('authorization'), body, baseUrl: `${env().appUrl}${EMBEDDED_PATH}` });
  if (reply.bytes) return new Response(Buffer.from(reply.bytes), { status: reply.status, headers: { 'Content-Type': reply.contentType ?? 'application/octet-stream' } });
  return Response.json(reply.json ?? null, { status: reply.status });
}

export { handle as GET, handle as POST };
