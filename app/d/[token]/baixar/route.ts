/**
 * A paid order's digital product, past its link's page (/d/<token>, page.tsx):
 * - POST (the page's "Baixar" / "Acessar" button, a plain form): spends one use of the link
 *   (lib/fulfilment/digital-access.ts) and answers 303 with the download session it opened —
 *   a file to `?sessao=…` here, a link or a text to the link's page, which shows it. A refused
 *   use goes back to the page, which says why. Only this POST counts: a mail scanner's GET of
 *   the e-mail's link, or any HEAD, spends nothing.
 * - GET / HEAD `?sessao=…`: the file, whole or one range (lib/digital/serve.ts), as often as the
 *   player or the download manager asks while the session lasts, without spending a use. With
 *   no session, back to the link's page.
 * Never cached.
 */
import { env } from '@/lib/config/env';
import { completeFile, fileResponse, accessPath, startPath } from '@/lib/digital';
import { openDigitalAccess, resumeDigitalSession } from '@/lib/fulfilment';
import { fromThisSite } from '@/lib/pixels';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ token: string }> };

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex', 'X-Content-Type-Options': 'nosniff' };
const plain = (text: string, status: number) => new Response(`${text}\n`, { status, headers: { ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8' } });
// A relative Location: the browser resolves it against the address it used (whatever proxy is in front).
const seeOther = (location: string) => new Response(null, { status: 303, headers: { ...NO_STORE, Location: location } });
const withSession = (path: string, session: string) => `${path}?sessao=${encodeURIComponent(session)}`;

export async function POST(request: Request, { params }: Params) {
  const h = request.headers;
  // A form on another site must not spend the buyer's uses.
  if (!fromThisSite({ origin: h.get('origin'), host: h.get('host'), secFetchSite: h.get('sec-fetch-site') }, env().appUrl)) return plain('Pedido recusado.', 403);
  const { token } = await params;
  const use = await openDigitalAccess(token);
  if (!use.ok) return seeOther(accessPath(token));
  return seeOther(withSession(use.kind === 'file' ? startPath(token) : accessPath(token), use.session));
}

export async function GET(request: Request, { params }: Params) {
  const { token } = await params;
  const session = new URL(request.url).searchParams.get('sessao');
  if (!session) return seeOther(accessPath(token));
  const use = await resumeDigitalSession(token, session);
  if (!use.ok) return plain(use.error, use.status);
  if (use.kind !== 'file') return seeOther(withSession(accessPath(token), session));
  const file = use.fileId ? await completeFile(use.fileId) : undefined;
  if (!file) return plain('O arquivo deste produto não está disponível. Fale com a loja.', 410);
  return fileResponse(request, file, NO_STORE);
}

/** The same answer without the body (a link preview or a player's probe; never a use). */
export const HEAD = GET;
