import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveDraft } from '@/lib/checkout/drafts/drafts';
import { prepareDatabase } from '@/test/payments/db';
import { insertProduct } from '@/test/catalog/products';
import { abandonedCheckoutList } from './schemas';
import { listApiAbandoned } from './abandoned';

beforeAll(prepareDatabase);

describe('GET /api/v1/checkouts/abandoned', () => {
  it('pages newest first in the documented shape; a foreign cursor is refused', async () => {
    const productId = await insertProduct({ slug: `p-${randomUUID().slice(0, 6)}`, name: 'Caneca', description: '', priceCents: 3000, imagePath: '/x.svg', active: true, stock: 5 });
    for (const [i, email] of ['a@example.com', 'b@example.com'].entries()) {
      await saveDraft({ sessionToken: randomUUID(), source: 'cart', sourceRef: null, values: { email, phone: '11987654321', name: 'Ana Souza' }, lines: [{ productId, quantity: 2, unitCents: 3000, name: 'Caneca' }], totalCents: 6000, now: Date.now() - (2 - i) * 60_000 });
    }
    const first = (await listApiAbandoned(1))!;
    expect(abandonedCheckoutList.parse(first)).toEqual(first);
    expect(first.data[0]).toMatchObject({ status: 'open', contact: { email: 'b@example.com', phone: '+5511987654321', name: 'Ana Souza' }, total: 6000, source: 'cart', source_ref: null, items: [{ product_id: productId, variant_id: null, quantity: 2, unit_price: 3000 }], reminders_sent: 0, order_id: null });
    const second = (await listApiAbandoned(1, first.next_cursor!))!;
    expect(second.data[0].contact.email).toBe('a@example.com');
    expect(await listApiAbandoned(1, 'bm90LWEtY3Vyc29y')).toBeNull();
  });
});
