/**
 * A paid order's digital product, through its signed link (lib/digital/signed-link.ts): a file
 * is streamed as a download, a link is followed, a text is shown. Each use is counted and
 * logged (lib/fulfilment/digital-access.ts); a link expired, used 5 times, revoked, replaced,
 * of an order not paid or refunded answers why, in Portuguese. Never cached.
 */
import { completeFile, fileStream } from '@/lib/digital/files';
import { openDigitalAccess } from '@/lib/fulfilment/digital-access';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex', 'X-Content-Type-Options': 'nosniff' };
const plain = (text: string, status: number) => new Response(`${text}\n`, { status, headers: { ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8' } });

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const use = await openDigitalAccess((await params).token);
  if (!use.ok) return plain(use.error, use.status);
  if (use.kind === 'link' && use.url) return new Response(null, { status: 303, headers: { ...NO_STORE, Location: use.url } });
  if (use.kind === 'text' && use.text) return plain(use.text, 200);
  const file = use.fileId ? await completeFile(use.fileId) : undefined;
  if (!file) return plain('O arquivo deste produto não está disponível. Fale com a loja.', 410);
  return new Response(fileStream(file.id), {
    status: 200,
    headers: {
      ...NO_STORE,
      'Content-Type': file.mime,
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename="${file.name}"`,
    },
  });
}

/** A link preview's HEAD is not a use (Next would otherwise answer it by running GET). */
export function HEAD() {
  return new Response(null, { status: 200, headers: NO_STORE });
}
