import { catcherAccess, caughtFor, mayRead } from '@/lib/email/catcher';

export const dynamic = 'force-dynamic';

/** One attachment of a caught e-mail (the Pix QR shown inside the message, or a download). */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string; index: string }> }) {
  const { id, index } = await params;
  const access = await catcherAccess();
  if (!mayRead(access)) return new Response('Não encontrado', { status: 404 });
  const mail = /^\d+$/.test(id) ? await caughtFor(access, Number(id)) : undefined;
  const file = mail && /^\d+$/.test(index) ? mail.files[Number(index)] : undefined;
  if (!file) return new Response('Não encontrado', { status: 404 });
  // Only images are shown inline; anything else downloads (never rendered as a page of ours).
  const inline = /^image\/(png|jpeg|gif)$/.test(file.contentType);
  return new Response(Buffer.from(file.base64, 'base64'), {
    headers: {
      'Content-Type': inline ? file.contentType : 'application/octet-stream',
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'no-store',
    },
  });
}
