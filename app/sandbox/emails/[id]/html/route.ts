import { catcherAccess, caughtFor, mayRead, viewableHtml } from '@/lib/email/catcher';

export const dynamic = 'force-dynamic';

/** A caught e-mail's HTML, for the catcher's sandboxed iframe (framed by this site only: proxy.ts). */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await catcherAccess();
  if (!mayRead(access)) return new Response('Não encontrado', { status: 404 });
  const mail = /^\d+$/.test(id) ? await caughtFor(access, Number(id)) : undefined;
  if (!mail) return new Response('Não encontrado', { status: 404 });
  return new Response(viewableHtml(mail.html, mail.files), {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
