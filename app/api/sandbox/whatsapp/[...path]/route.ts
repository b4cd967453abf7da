/** The embedded WhatsApp Cloud API sandbox (/v<NN>.0/… and its /sim/… controls): thin, see @balcao/whatsapp-sandbox. */
import { readBodyCapped } from '@balcao/server-kit/read-body';
import { handleWhatsappCall } from '@balcao/whatsapp-sandbox';
import { env } from '@/lib/config/env';
import { hasFullSimulatorAccess } from '@/lib/demo/simulator-access';
import { whatsappSandbox } from '@/lib/whatsapp/sandbox';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Context = { params: Promise<{ path: string[] }> };

async function handle(req: Request, context: Context): Promise<Response> {
  if (!env().sandboxEnabled) return new Response('Not found', { status: 404 });
  const { path } = await context.params;
  // The buyer's side (replies, template approval) is the merchant's in a public demo.
  if (path[0] === 'sim' && !(await hasFullSimulatorAccess())) return Response.json({ message: 'Entre como lojista para usar o simulador.' }, { status: 403 });
  const raw = req.method === 'GET' ? new Uint8Array() : await readBodyCapped(req, 64 * 1024);
  if (raw === 'too_large') return Response.json({ error: { message: 'Request body too large', code: 100 } }, { status: 413 });
  const text = new TextDecoder().decode(raw);
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    return Response.json({ error: { message: '(#100) Invalid JSON', type: 'OAuthException', code: 100 } }, { status: 400 });
  }
  const reply = await handleWhatsappCall(whatsappSandbox(), { method: req.method, path, authorization: req.headers.get('authorization'), body });
  return Response.json(reply.json ?? null, { status: reply.status });
}

export { handle as GET, handle as POST, handle as PUT };
