import { headers } from 'next/headers';
import { serveFeed } from '@/lib/feeds/serve';
import { clientRateKey } from '@/lib/security';

export const dynamic = 'force-dynamic';

/** The Meta catalog feed (lib/feeds): thin. */
export async function GET(request: Request) {
  const h = await headers();
  const token = new URL(request.url).searchParams.get('token');
  return serveFeed({ channel: 'meta', clientKey: clientRateKey(h), token, ifNoneMatch: h.get('if-none-match') });
}
