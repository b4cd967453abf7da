/** The embedded Bling API v3 sandbox (OAuth consent, /Api/v3/…, documents, /sim/… controls): thin, see @balcao/bling-sandbox. */
import { readBodyCapped } from '@balcao/server-kit/read-body';
import { handleBlingCall } from '@balcao/bling-sandbox';
import { env } from '@/lib/config/env';
import { hasFullSimulatorAccess } from '@/lib/demo/simulator-access';
import { BLING_EMBEDDED_PATH, blingSandbox } from '@/lib/nfe';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const CONSENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

type Context = { params: Promise<{ path: string[] }> };

async function handle(req: Request, context: Context): Promise<Response> {
  if (!env().sandboxEnabled) return new Response('Not found', { status: 404 });
  const { path } = await context.params;
  // Faults and expiring tokens are the merchant's in a public demo.
  if (path[0] === 'sim' && !(await hasFullSimulatorAccess())) return Response.json({ error: { type: 'FORBIDDEN', message: 'Entre como lojista para usar o simulador.' } }, { status: 403 });
  const raw = req.method === 'GET' ? new Uint8Array() : await readBodyCapped(req, 256 * 1024);
  if (raw === 'too_large') return Response.json({ error: { type: 'VALIDATION_ERROR', message: 'Corpo grande demais.' } }, { status: 413 });
  const url = new URL(req.url);
  const reply = await handleBlingCall(blingSandbox(), {
    method: req.method,
    path,
    query: url.searchParams,
    authorization: req.headers.get('authorization'),
    contentType: req.headers.get('content-type'),
    body: new TextDecoder().decode(raw),
    baseUrl: `${env().appUrl}${BLING_EMBEDDED_PATH}`,
  });
  const noStore = { 'Cache-Control': 'no-store' };
  if (reply.location) return new Response(null, { status: 303, headers: { Location: reply.location, ...noStore } });
  // The consent page: its own inline style, and a form that posts back here (lib/security/headers.ts leaves it its policy).
  if (reply.html !== undefined) return new Response(reply.html, { status: reply.status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CONSENT_CSP, ...noStore } });
  if (reply.bytes) return new Response(Buffer.from(reply.bytes), { status: reply.status, headers: { 'Content-Type': reply.contentType ?? 'application/octet-stream', ...noStore } });
  return Response.json(reply.json ?? null, { status: reply.status, headers: noStore });
}

export { handle as GET, handle as POST };
