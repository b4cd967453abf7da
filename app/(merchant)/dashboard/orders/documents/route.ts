/**
 * "Imprimir declaração de conteúdo" and "Lista de separação": the PDF of one order
 * (`?kind=declaracao&order=<id>`) or of the "A enviar" view (`?kind=declaracao&view=a-enviar`).
 * Session and permission checked here (lib/auth/merchant-action.ts); a role without
 * `buyers:read` (the demonstration account) gets the buyers masked on the paper too.
 */
import { merchantFor } from '@/lib/auth/merchant-action';
import { can } from '@/lib/auth/permissions';
import { shippingDocuments, type DocumentKind } from '@/lib/fulfilment/documents';
import { logger } from '@/lib/server/log';

export const dynamic = 'force-dynamic';

const KINDS: readonly DocumentKind[] = ['declaracao', 'separacao'];

function text(status: number, body: string): Response {
  return new Response(`${body}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const access = await merchantFor('dashboard:view');
  if (!access.ok) {
    if (access.status === 401 && (request.headers.get('accept') ?? '').includes('text/html')) {
      const login = new URL('/login', url);
      login.searchParams.set('callbackUrl', '/dashboard/orders?view=a-enviar');
      return Response.redirect(login, 303);
    }
    return text(access.status, access.status === 401 ? 'Sessão expirada: entre novamente.' : access.error);
  }
  const kind = url.searchParams.get('kind') as DocumentKind;
  if (!KINDS.includes(kind)) return text(400, 'Documento desconhecido: use kind=declaracao ou kind=separacao.');
  const orderId = url.searchParams.get('order');
  if (!orderId && url.searchParams.get('view') !== 'a-enviar') return text(400, 'Informe o pedido (order=…) ou view=a-enviar.');

  const result = await shippingDocuments(kind, orderId ? { orderId } : { toShip: true }, { masked: !can(access.merchant.role, 'buyers:read') });
  if (!result.ok) return text(result.status, result.error);
  logger().info({ actor: access.merchant.id, kind, orders: result.count }, 'shipping documents printed');
  return new Response(Buffer.from(result.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${result.fileName}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
