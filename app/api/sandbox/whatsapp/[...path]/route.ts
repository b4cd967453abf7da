/** The embedded WhatsApp Cloud API sandbox (/v<NN>.0/… and its /sim/… controls): thin, see @balcao/whatsapp-sandbox. */
import { handleWhatsappCall } from '@balcao/whatsapp-sandbox';
import { env } from '@/lib/config/env';
import { hasFullSimulatorAccess } from '@/lib/demo/simulator-access';
import { whatsappSandbox } from '@/lib/whatsapp';
import { sandboxJsonBody } from '../../json-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Context = { params: Promise<{ path: string[] }> };

async function handle(req: Request, context: Context): Promise<Response> {
  if (!env().sandboxEnabled) return new Response('Not found', { status: 404 });
  const { path } = await context.params;
  // The buyer's side (replies, template approval) is the merchant's in a public demo.
  if (path[0] === 'sim' && !(await hasFullSimulatorAccess())) return Response.json({ message: 'Entre como lojista para usar o simulador.' }, { status: 403 });
  const read = await sandboxJsonBody(req, 64 * 1024);
  if (!read.ok)
    return read.problem === 'too_large'
      ? Response.json({ error: { message: 'Request body too large', code: 100 } }, { status: 413 })
      : Response.json({ error: { message: '(#100) Invalid JSON', type: 'OAuthException', code: 100 } }, { status: 400 });
  const reply = await handleWhatsappCall(whatsappSandbox(), { method: req.method, path, authorization: req.headers.get('authorization'), body: read.body });
  return Response.json(reply.json ?? null, { status: reply.status });
}

export { handle as GET, handle as POST, handle as PUT };
