/**
 * The embedded carrier sandbox over HTTP (Melhor Envio's /api/v2/me/… and its /sim/… controls):
 * thin, see @balcao/shipping-sandbox and lib/demo/carrier-sandbox-http.ts for who may call
 * what. The app itself never comes here: it calls the sandbox in process.
 */
import { handleCarrierCall } from '@balcao/shipping-sandbox';
import { env } from '@/lib/config/env';
import { carrierSandbox, EMBEDDED_PATH } from '@/lib/shipping';
import { carrierHttpRefusal } from '@/lib/demo/carrier-sandbox-http';
import { sandboxJsonBody } from '../../json-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Context = { params: Promise<{ path: string[] }> };

async function handle(req: Request, context: Context): Promise<Response> {
  if (!env().sandboxEnabled) return new Response('Not found', { status: 404 });
  const { path } = await context.params;
  const refusal = await carrierHttpRefusal(path, req.headers);
  if (refusal) return Response.json({ message: refusal.message }, { status: refusal.status, headers: refusal.retryAfter ? { 'Retry-After': String(refusal.retryAfter) } : {} });
  const read = await sandboxJsonBody(req, 64 * 1024);
  if (!read.ok) return read.problem === 'too_large' ? Response.json({ message: 'Corpo grande demais.' }, { status: 413 }) : Response.json({ message: 'JSON inválido.' }, { status: 400 });
  const reply = await handleCarrierCall(carrierSandbox(), { method: req.method, path, authorization: req.headers.get('authorization'), body: read.body, baseUrl: `${env().appUrl}${EMBEDDED_PATH}` });
  if (reply.bytes) return new Response(Buffer.from(reply.bytes), { status: reply.status, headers: { 'Content-Type': reply.contentType ?? 'application/octet-stream' } });
  return Response.json(reply.json ?? null, { status: reply.status });
}

export { handle as GET, handle as POST };
