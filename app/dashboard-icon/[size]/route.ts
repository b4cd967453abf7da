/** The installed dashboard's icon, 192 or 512 px (and 180 for Apple's touch icon), drawn by lib/shop/app-icon.ts. */
import { appIconPng, type AppIconSize } from '@/lib/shop/app-icon';

const SIZES = new Set(['180', '192', '512']);

export async function GET(_request: Request, { params }: { params: Promise<{ size: string }> }) {
  const { size } = await params;
  if (!SIZES.has(size)) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const png = await appIconPng(Number(size) as AppIconSize);
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=3600', 'Content-Length': String(png.byteLength) } });
}
