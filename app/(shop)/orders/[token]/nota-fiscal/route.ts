/**
 * The buyer's "Nota fiscal": the DANFE (or `?formato=xml`, the XML) of the order's authorised
 * NF-e, served by the shop with the order's token, never a link of Bling's that would outlive
 * the order's privacy.
 */
import { invoiceFileForBuyer } from '@/lib/nfe';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ token: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  const { token } = await context.params;
  const kind = new URL(request.url).searchParams.get('formato') === 'xml' ? 'xml' : 'danfe';
  const file = await invoiceFileForBuyer(token, kind);
  if (!file) return new Response('Nota fiscal não encontrada.\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  return new Response(Buffer.from(file.bytes), {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': `${kind === 'danfe' ? 'inline' : 'attachment'}; filename="${file.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
  });
}
