/**
 * The link's QR code as a PNG (shown on its page; ?download=1 saves it to print or show at a
 * counter). Session checked here: the QR code is the link, which only the merchant hands out.
 */
import { merchantFor, plainTextResponse, routeRefusal } from '@/lib/auth';
import { qrPng } from '@balcao/br/qr';
import { env } from '@/lib/config/env';
import { linkById } from '@/lib/links/links';
import { linkUrl } from '@/lib/links/words';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const access = await merchantFor('dashboard:view');
  if (!access.ok) return routeRefusal(request, access, `/dashboard/links/${encodeURIComponent(id)}`);
  const link = await linkById(id.toLowerCase());
  if (!link) return plainTextResponse(404, 'Link não encontrado.');
  const png = await qrPng(linkUrl(env().appUrl, link.code));
  const download = new URL(request.url).searchParams.get('download') === '1';
  return new Response(new Uint8Array(png), {
    headers: {
      'Content-Type': 'image/png',
      'Cache-Control': 'private, no-store',
      ...(download ? { 'Content-Disposition': `attachment; filename="link-${link.code}.png"` } : {}),
    },
  });
}
