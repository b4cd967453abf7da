import { orderStatusByToken } from '@/lib/orders';
import { refreshSoon } from '@/lib/payments';
import { logger } from '@/lib/server/log';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** The buyer's polling endpoint (SWR on the order page): one indexed query, never cached. */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let snapshot;
  try {
    snapshot = await orderStatusByToken(token);
  } catch (error) {
    logger().error({ err: error instanceof Error ? error.message : String(error) }, 'order status read failed');
    return Response.json({ error: 'Não foi possível consultar o pedido agora. Tente de novo em instantes.' }, { status: 503, headers: { ...NO_STORE, 'Retry-After': '2' } });
  }
  if (!snapshot) return Response.json({ error: 'Pedido não encontrado.' }, { status: 404, headers: NO_STORE });
  // While pending, ask the provider soon (throttled there): a lost webhook costs seconds, not minutes.
  if (snapshot.status === 'pending') refreshSoon(token);
  return Response.json(snapshot, { headers: NO_STORE });
}
