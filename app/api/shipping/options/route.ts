import { headers } from 'next/headers';
import { cartDeliveryOptions } from '@/lib/checkout/delivery-quote';
import { clientRateKey } from '@/lib/security/client-address';

export const dynamic = 'force-dynamic';

/** "Forma de entrega" for the cart in the cookie and `?cep=`: thin, see lib/checkout/delivery-quote.ts. */
export async function GET(request: Request) {
  const cep = new URL(request.url).searchParams.get('cep') ?? '';
  const answer = await cartDeliveryOptions(cep, clientRateKey(await headers()));
  return Response.json(answer, { headers: { 'Cache-Control': 'no-store' } });
}
