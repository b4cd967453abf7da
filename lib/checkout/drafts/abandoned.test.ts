import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { saveDraft, convertDraft } from '@/lib/checkout/drafts/drafts';
import { enqueueDueDraftReminders } from '@/lib/checkout/drafts/reminders';
import { insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';
import { insertProduct } from '@/test/catalog/products';
import { createLink } from '@/lib/links/links';
import { ABANDONED_CSV_HEADER, abandonedCheckouts, abandonedCsvRow, recoveredIn30Days } from './abandoned';

beforeAll(prepareDatabase);
const H = 3_600_000;

describe('Carrinhos abandonados', () => {
  it('lists newest first, masks the contact without buyers:read, offers wa.me with the restore link; "Recuperados em 30 dias" counts paid orders converted after a reminder, once', async () => {
    const productId = await insertProduct({ slug: `p-${randomUUID().slice(0, 6)}`, name: 'Caneca', description: '', priceCents: 3000, imagePath: '/x.svg', active: true, stock: 5 });
    const now = Date.now();
    const save = (email: string, phone: string, at: number) =>
      saveDraft({ cookieToken: randomUUID(), source: 'cart', sourceRef: null, values: { email, phone }, lines: [{ productId, quantity: 1, unitCents: 3000, name: 'Caneca' }], totalCents: 3000, now: at });
    const older = (await save('ana@example.com', '11987654321', now - 3 * H))!;
    const newer = (await save('bia@example.com', '', now - 2 * H))!;
    const first = await abandonedCheckouts({ reveal: true, now, limit: 1 });
    expect(first.rows.map((r) => r.id)).toEqual([newer]);
    const second = await abandonedCheckouts({ reveal: true, now, limit: 1, cursor: first.nextCursor });
    expect(second.rows[0]).toMatchObject({ id: older, email: 'ana@example.com', status: 'open', step: 'Contato' });
    expect(second.rows[0].whatsApp).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=.*checkout%2Fretomar%2F/);
    const masked = (await abandonedCheckouts({ reveal: false, now })).rows.find((r) => r.id === older)!;
    expect(masked.email).not.toContain('ana@');
    expect(masked.phone).toContain('*');
    expect(masked.whatsApp).toBeNull();
    expect(abandonedCsvRow(masked)).toContain('Aberto');

    const before = await recoveredIn30Days(now);
    await enqueueDueDraftReminders(now, now);
    const { order } = await insertOrderWithPayment({ method: 'pix', status: 'paid', totalCents: 3000 });
    await convertDraft(older, order.id, now);
    // Converted without a reminder: not "recovered".
    const { order: direct } = await insertOrderWithPayment({ method: 'pix', status: 'paid', totalCents: 9999 });
    const unreminded = (await save('caio@example.com', '', now))!;
    await convertDraft(unreminded, direct.id, now);
    expect(await recoveredIn30Days(now)).toEqual({ orders: before.orders + 1, revenueCents: before.revenueCents + 3000 });
    expect((await abandonedCheckouts({ reveal: true, now })).rows.find((r) => r.id === older)).toMatchObject({ status: 'recovered', remindersSent: 1 });
    // Unpaid: not counted.
    await database().db.update(orders).set({ status: 'pending' }).where(eq(orders.id, order.id));
    expect(await recoveredIn30Days(now)).toEqual(before);
  });

  it('says which checkout each draft was left on ("Canal"): the cart, a payment link with its title, an API session; in the list, the WhatsApp message and the CSV', async () => {
    const now = Date.now();
    const link = await createLink({ title: 'Aula de cerâmica', description: null, amountCents: 12000, minAmountCents: null, methods: 'both', pixDiscount: false, expiresOn: null, maxPayments: null }, 'demo@balcao.dev');
    const save = (source: 'cart' | 'link' | 'session', sourceRef: string | null, at: number) =>
      saveDraft({ cookieToken: randomUUID(), source, sourceRef, values: { email: `${source}@example.com`, phone: '11987654321' }, lines: [{ productId: null, quantity: 1, unitCents: 12000, name: 'Aula de cerâmica' }], totalCents: 12000, now: at });
    const onLink = (await save('link', link.code, now + 3 * H))!;
    const onSession = (await save('session', `cs_${randomUUID().replace(/-/g, '')}`, now + 2 * H))!;
    const onGoneLink = (await save('link', 'CodigoQueSumiu', now + H))!;
    const inCart = (await save('cart', null, now + H / 2))!;
    const rows = (await abandonedCheckouts({ reveal: true, now: now + 4 * H, limit: 3, shopName: 'Café do Zé' })).rows;
    expect(rows.map((r) => [r.id, r.source, r.linkTitle])).toEqual([
      [onLink, 'link', 'Aula de cerâmica'],
      [onSession, 'session', null],
      [onGoneLink, 'link', null],
    ]);
    // The WhatsApp message fits the path: a payment link's shopper had no cart.
    const linkMessage = decodeURIComponent(new URL(rows[0].whatsApp!).searchParams.get('text')!);
    expect(linkMessage).toMatch(/^Olá! Seu pagamento de “Aula de cerâmica” na Café do Zé ficou salvo\. Para finalizar: http.*\/checkout\/retomar\//);
    expect(decodeURIComponent(new URL(rows[1].whatsApp!).searchParams.get('text')!)).toMatch(/^Olá! Sua compra na Café do Zé ficou salva\./);
    const cartRow = (await abandonedCheckouts({ reveal: true, now: now + 4 * H, shopName: 'Café do Zé' })).rows.find((r) => r.id === inCart)!;
    expect(cartRow).toMatchObject({ source: 'cart', linkTitle: null });
    expect(decodeURIComponent(new URL(cartRow.whatsApp!).searchParams.get('text')!)).toMatch(/^Olá! Seu carrinho na Café do Zé ficou salvo\./);
    // The CSV's "Canal" column, last.
    expect(ABANDONED_CSV_HEADER.at(-1)).toBe('Canal');
    expect(abandonedCsvRow(rows[0]).trimEnd()).toMatch(/;"?Link de pagamento “Aula de cerâmica”"?$/);
    expect(abandonedCsvRow(rows[1]).trimEnd()).toMatch(/;"Site externo"$/);
    expect(abandonedCsvRow(cartRow).trimEnd()).toMatch(/;"Carrinho"$/);
  });
});
