import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { newId, randomToken } from '@/lib/security/tokens';
import { prepareDatabase } from '@/test/payments/db';
import type { NewLink } from './link-form';
import { createLink, disableLink, linkByCode, linkById, linkForBuyer, listLinks, linkWithStats } from './links';

const base: NewLink = { title: 'Aula de violão', description: 'Uma hora, online', amountCents: 12000, minAmountCents: null, methods: 'both', pixDiscount: true, expiresOn: null, maxPayments: null };

beforeAll(async () => {
  await prepareDatabase();
});

async function addOrder(linkId: string, status: 'pending' | 'paid' | 'refunded' | 'expired' | 'canceled', totalCents: number, refundedCents = 0) {
  await database().db.insert(orders).values({ id: newId(), token: randomToken(), checkoutKey: newId(), method: 'pix', status, totalCents, refundedCents, buyerName: 'Ana Souza', buyerDocument: '52998224725', buyerEmail: 'ana@example.com', paymentLinkId: linkId });
}

describe('payment links', () => {
  it('creates a link under a fresh 12-character code, found by id and by code', async () => {
    const a = await createLink(base, 'demo@balcao.dev');
    const b = await createLink(base, 'demo@balcao.dev');
    expect(a.code).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(a.code).not.toBe(b.code);
    expect(a).toMatchObject({ title: 'Aula de violão', amountCents: 12000, methods: 'both', pixDiscount: true, disabledAt: null, createdBy: 'demo@balcao.dev' });
    expect((await linkByCode(a.code))?.id).toBe(a.id);
    expect(await linkByCode('nao-e-codigo')).toBeUndefined();
    expect(await linkByCode('AAAAAAAAAAAA')).toBeUndefined();
    expect(await linkById('not-a-uuid')).toBeUndefined();
  });

  it('counts payments received and the total paid from the orders, refunds taken off', async () => {
    const link = await createLink({ ...base, maxPayments: 5 }, 'demo@balcao.dev');
    await addOrder(link.id, 'paid', 12000);
    await addOrder(link.id, 'refunded', 12000, 2000);
    await addOrder(link.id, 'pending', 12000);
    await addOrder(link.id, 'expired', 12000);
    await addOrder(link.id, 'canceled', 12000);
    const found = await linkWithStats(link.id);
    expect(found?.stats).toEqual({ pending: 1, holding: 1, paidCount: 2, paidCents: 22000 });
    expect(found?.state).toBe('active');
    const listed = (await listLinks()).rows.find((r) => r.link.id === link.id);
    expect(listed?.stats).toEqual(found?.stats);
  });

  it('shows a one-off link Esgotado to the buyer once paid, and Desativado once disabled', async () => {
    const link = await createLink({ ...base, maxPayments: 1 }, 'demo@balcao.dev');
    expect((await linkForBuyer(link.code))?.state).toBe('active');
    await addOrder(link.id, 'paid', 12000);
    expect((await linkForBuyer(link.code))?.state).toBe('sold_out');
    expect(await disableLink(link.id, 'demo@balcao.dev')).toBe('disabled');
    const disabledAt = (await linkById(link.id))?.disabledAt;
    expect(disabledAt).toBeTruthy();
    expect(await disableLink(link.id, 'demo@balcao.dev')).toBe('already');
    expect((await linkById(link.id))?.disabledAt).toBe(disabledAt);
    expect((await linkForBuyer(link.code))?.state).toBe('disabled');
    expect(await disableLink(newId(), 'demo@balcao.dev')).toBe('not_found');
  });

  it('lists links newest first', async () => {
    const older = await createLink({ ...base, title: 'Primeiro' }, 'demo@balcao.dev');
    await new Promise((r) => setTimeout(r, 5));
    const newer = await createLink({ ...base, title: 'Segundo' }, 'demo@balcao.dev');
    const ids = (await listLinks()).rows.map((r) => r.link.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
  });
});

describe('buyerOrderOnLink', () => {
  it("finds the buyer's own order on this link only", async () => {
    const { buyerOrderOnLink } = await import('./links');
    const link = await createLink(base, 'demo@balcao.dev');
    const other = await createLink(base, 'demo@balcao.dev');
    const token = randomToken();
    await database().db.insert(orders).values({ id: newId(), token, checkoutKey: newId(), method: 'pix', status: 'paid', totalCents: 12000, buyerName: 'Ana Souza', buyerDocument: '52998224725', buyerEmail: 'ana@example.com', paymentLinkId: link.id });
    expect(await buyerOrderOnLink(token, link.id)).toEqual({ token, status: 'paid' });
    expect(await buyerOrderOnLink(token, other.id)).toBeNull();
    expect(await buyerOrderOnLink(undefined, link.id)).toBeNull();
    expect(await buyerOrderOnLink('x', link.id)).toBeNull();
  });
});
