import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveDraft } from '@/lib/checkout/drafts/drafts';
import { prepareDatabase } from '@/test/payments/db';
import { insertProduct } from '@/test/catalog/products';
import { abandonedCheckoutList } from './schemas';
import { listApiAbandoned } from './abandoned';
import { authenticateApiKey, createApiKey } from './keys';
import { createSession } from '@/lib/checkout/sessions/api/sessions';

const ALL = { keyId: 'none', orderScope: 'all' } as const;
const caller = async (orderScope: 'own' | 'all') => (await authenticateApiKey(`Bearer ${(await createApiKey(`k-${orderScope}`, { orderScope })).key}`))!;

beforeAll(prepareDatabase);

describe('GET /api/v1/checkouts/abandoned', () => {
  it('pages newest first in the documented shape; a foreign cursor is refused', async () => {
    const productId = await insertProduct({ slug: `p-${randomUUID().slice(0, 6)}`, name: 'Caneca', description: '', priceCents: 3000, imagePath: '/x.svg', active: true, stock: 5 });
    for (const [i, email] of ['a@example.com', 'b@example.com'].entries()) {
      await saveDraft({ cookieToken: randomUUID(), source: 'cart', sourceRef: null, values: { email, phone: '11987654321', name: 'Ana Souza' }, lines: [{ productId, quantity: 2, unitCents: 3000, name: 'Caneca' }], totalCents: 6000, now: Date.now() - (2 - i) * 60_000 });
    }
    const first = (await listApiAbandoned(ALL, 1))!;
    expect(abandonedCheckoutList.parse(first)).toEqual(first);
    expect(first.data[0]).toMatchObject({ status: 'open', contact: { email: 'b@example.com', phone: '+5511987654321', name: 'Ana Souza' }, total: 6000, source: 'cart', source_ref: null, items: [{ product_id: productId, variant_id: null, quantity: 2, unit_price: 3000 }], reminders_sent: 0, order_id: null });
    const second = (await listApiAbandoned(ALL, 1, first.next_cursor!))!;
    expect(second.data[0].contact.email).toBe('a@example.com');
    expect(await listApiAbandoned(ALL, 1, 'bm90LWEtY3Vyc29y')).toBeNull();
  });

  it("follows the key's scope: an \"own\" key sees only its sessions' checkouts; no key is given another key's session id", async () => {
    const mine = await caller('own');
    const other = await caller('all');
    const session = async (k: typeof mine) => {
      const r = await createSession(k, { items: [{ name: 'Aula', amount: 4990, quantity: 1 }], success_url: 'https://loja.example/ok', metadata: {} } as never);
      return (r.body as { id: string }).id;
    };
    const mineId = await session(mine);
    const otherId = await session(other);
    const base = { lines: [{ productId: null, quantity: 1, unitCents: 4990, name: 'Aula' }], totalCents: 4990, now: Date.now() };
    await saveDraft({ cookieToken: randomUUID(), source: 'session', sourceRef: mineId, values: { email: 'mine@example.com' }, ...base } as never);
    await saveDraft({ cookieToken: randomUUID(), source: 'session', sourceRef: otherId, values: { email: 'other@example.com' }, ...base } as never);
    await saveDraft({ cookieToken: randomUUID(), source: 'cart', sourceRef: null, values: { email: 'shopper@example.com' }, ...base } as never);

    const own = (await listApiAbandoned(mine, 100))!.data;
    expect(own.map((d) => d.contact.email)).toEqual(['mine@example.com']);
    expect(own[0].source_ref).toBe(mineId);

    const all = (await listApiAbandoned(other, 100))!.data;
    expect(all.map((d) => d.contact.email)).toEqual(expect.arrayContaining(['mine@example.com', 'other@example.com', 'shopper@example.com']));
    expect(all.find((d) => d.contact.email === 'other@example.com')!.source_ref).toBe(otherId);
    expect(all.find((d) => d.contact.email === 'mine@example.com')!.source_ref).toBeNull();
    expect(JSON.stringify(all)).not.toContain(mineId);
  });
});
