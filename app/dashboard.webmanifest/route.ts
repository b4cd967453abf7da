/**
 * The dashboard's web app manifest: installed from a phone, the dashboard opens on its own
 * (standalone) under the shop's name and icon, straight at /dashboard. Outside /dashboard/ so
 * the browser's credential-less fetch of it is not sent to the sign-in; it names nothing private.
 */
import { getShopIdentity } from '@/lib/shop';
import { APP_ICON_SIZES } from '@/lib/shop/app-icon';

export const dynamic = 'force-dynamic';

export async function GET() {
  const shop = await getShopIdentity();
  const manifest = {
    id: '/dashboard',
    name: `${shop.name} · Painel`,
    short_name: shop.name.slice(0, 12),
    description: 'Pedidos, vendas e notificações da loja.',
    lang: 'pt-BR',
    start_url: '/dashboard?origem=app',
    scope: '/dashboard',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: '#0b6e4f',
    icons: APP_ICON_SIZES.flatMap((size) => [
      { src: `/dashboard-icon/${size}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
      { src: `/dashboard-icon/${size}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' },
    ]),
  };
  return new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'no-cache' } });
}
