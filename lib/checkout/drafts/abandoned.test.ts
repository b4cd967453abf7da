import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { saveDraft, convertDraft } from '@/lib/checkout/drafts/drafts';
import { enqueueDueDraftReminders } from '@/lib/checkout/drafts/reminders';
import { insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';
import { insertProduct } from '@/test/catalog/products';
import { abandonedCheckouts, abandonedCsvRow, recoveredIn30Days } from './abandoned';

beforeAll(prepareDatabase);
const H = 3_600_000;

describe('Carrinhos abandonados', () => {
  it('lists newest first, masks the contact without buyers:read, offers wa.me with the restore link; "Recuperados em 30 dias" counts paid orders converted after a reminder, once', async () => {
    const productId = await insertProduct({ slug: `p-${randomUUID().slice(0, 6)}`, name: 'Caneca', description: '', priceCents: 3000, imagePath: '/x.svg', active: true, stock: 5 });
    const now = Date.now();
    const save = (email: string, phone: string, at: number) =>
      saveDraft({ sessionToken: randomUUID(), source: 'cart', sourceRef: null, values: { email, phone }, lines: [{ productId, quantity: 1, unitCents: 3000, name: 'Caneca' }], totalCents: 3000, now: at });
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
});
