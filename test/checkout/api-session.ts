/** Test helpers: an API key and its checkout sessions, straight into the database (no API call). */
import { randomUUID } from 'node:crypto';
import { database } from '@/db';
import { apiKeys, checkoutSessions } from '@/db/schema';

/** A test-mode API key (no usable secret: the tests write its sessions directly); its id. */
export async function insertApiKey(name = 'Loja'): Promise<string> {
  const id = randomUUID();
  await database().db.insert(apiKeys).values({ id, name, mode: 'test', keyHash: randomUUID(), hint: 'abcd' });
  return id;
}

export type SessionLine = { name: string; unitPriceCents: number; quantity: number };

/**
 * A checkout session of `apiKeyId` for one line sold by the merchant's site (no catalog
 * product), paid by Pix, open for an hour; `over` sets any other column. Its id.
 */
export async function insertCheckoutSession(
  apiKeyId: string,
  line: SessionLine = { name: 'Aula', unitPriceCents: 4990, quantity: 1 },
  over: Partial<typeof checkoutSessions.$inferInsert> = {},
): Promise<string> {
  const id = `cs_${randomUUID().replace(/-/g, '')}`;
  const lineTotalCents = line.unitPriceCents * line.quantity;
  await database()
    .db.insert(checkoutSessions)
    .values({
      id,
      apiKeyId,
      lines: JSON.stringify([{ productId: null, ...line, lineTotalCents }]),
      amountTotalCents: lineTotalCents,
      methods: 'pix',
      successUrl: 'https://loja.example/obrigado',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      ...over,
    });
  return id;
}
