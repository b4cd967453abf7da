/**
 * The merchant's file routes (exports, the link's QR code) refuse a request without a session
 * the same way (routeRefusal, lib/auth/merchant-action.ts): a browser is sent to sign in and
 * back to the page it came from; anything else gets 401 and the reason in plain text.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureMigrated } from '@/db';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => jar.cookies, set: () => {} }) }));

const LINK_ID = '3f2a9c1d-0000-4000-8000-000000000000';
const ordersCsv = await import('./orders/export/route');
const productsCsv = await import('./produtos/exportar/route');
const abandonedCsv = await import('./carrinhos-abandonados/export/route');
const buyerExport = await import('./settings/comprador/export/route');
const linkQr = await import('./links/[id]/qr/route');

const ROUTES: [string, string, (request: Request) => Promise<Response>, string][] = [
  ['orders CSV', '/dashboard/orders/export?status=paid', (r) => ordersCsv.GET(r), '/dashboard/orders?status=paid'],
  ['products CSV', '/dashboard/produtos/exportar', (r) => productsCsv.GET(r), '/dashboard/produtos'],
  ['abandoned carts CSV', '/dashboard/carrinhos-abandonados/export', (r) => abandonedCsv.GET(r), '/dashboard/carrinhos-abandonados'],
  ["a buyer's data", '/dashboard/settings/comprador/export?q=ana%40example.com', (r) => buyerExport.GET(r), '/dashboard/settings/comprador'],
  ["a link's QR code", `/dashboard/links/${LINK_ID}/qr`, (r) => linkQr.GET(r, { params: Promise.resolve({ id: LINK_ID }) }), `/dashboard/links/${LINK_ID}`],
];

beforeAll(ensureMigrated);

describe('a merchant file route without a session', () => {
  it.each(ROUTES)('%s: a browser goes to /login and back', async (_, path, get, back) => {
    const res = await get(new Request(`http://localhost${path}`, { headers: { accept: 'text/html,application/xhtml+xml' } }));
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get('location')!);
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('callbackUrl')).toBe(back);
  });

  it.each(ROUTES)('%s: anything else gets 401 in plain text, not cached', async (_, path, get) => {
    const res = await get(new Request(`http://localhost${path}`));
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('Sessão expirada: entre novamente.\n');
  });
});
