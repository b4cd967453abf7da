/** The embedded sandbox's Payment API (/v1/…) and control API (/sim/…): thin, see @balcao/payment-sandbox, mounted by lib/embedded-provider. */
import { handleSandboxRequest } from '@/lib/embedded-provider';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Context = { params: Promise<{ path: string[] }> };

async function handle(req: Request, context: Context): Promise<Response> {
  const { path } = await context.params;
  return handleSandboxRequest(req, path);
}

export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as PATCH };
