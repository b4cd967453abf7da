import { headers } from 'next/headers';
import { cartDeliveryOptions } from '@/lib/checkout';
import { clientRateKey } from '@/lib/security';

export const dynamic = 'force-dynamic';

/** "Forma de entrega" for the cart in the cookie and `?cep=`: thin, see lib/checkout/delivery-quote.ts. */
export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const answer = await cartDeliveryOptions(params.get('cep') ?? '', clientRateKey(await headers()), params.get('cupom')?.slice(0, 40) || undefined);
  return Response.json(answer, { headers: { 'Cache-Control': 'no-store' } });
}
