/** The embedded carrier sandbox (Melhor Envio's /api/v2/me/… and its /sim/… controls): thin, see @balcao/shipping-sandbox. */
import { readBodyCapped } from '@balcao/server-kit/read-body';
import { handleCarrierCall } from '@balcao/shipping-sandbox';
import { env } from '@/lib/config/env';
import { hasFullSimulatorAccess } from '@/lib/demo/simulator-access';
import { carrierSandbox, EMBEDDED_PATH } from '@/lib/shipping/carrier';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Context = { params: Promise<{ path: string[] }> };

async function handle(req: Request, context: Context): Promise<Response> {
  if (!env().sandboxEnabled) return new Response('Not found', { status: 404 });
  const { path } = await context.params;
  // The carrier simulator's controls (advance a delivery, set the balance) are the merchant's in a public demo.
  if (path[0] === 'sim' && !(await hasFullSimulatorAccess())) return Response.json({ message: 'Entre como lojista para usar o simulador.' }, { status: 403 });
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
