import { describe, expect, it } from 'vitest';
import { insertOrders } from '@/test/dashboard/fixtures';
import { addOrderNote } from '@/lib/orders/notes';
import { orderPageView } from './order-page';

describe('orderPageView: the dashboard order page, one view model', () => {
  it('gives an owner the whole buyer, the money buttons the order allows and its notes as the card shows them', async () => {
    const [order] = await insertOrders([{ status: 'paid', method: 'pix', totalCents: 5_000 }]);
    await addOrderNote(order.id, 'Embrulhar para presente', { id: 7, email: 'ana@loja.com.br', name: 'Ana' });
    const view = (await orderPageView(order.id, 'owner'))!;
    expect(view).toMatchObject({ masked: false, maskedWhy: null, actsOnOrders: true, knownCarriersOnly: null, canWriteNotes: true });
    expect(view.order.buyerEmail).toBe('maria@example.com');
    expect(view.can).toEqual({ cancel: false, refund: true, reconcile: true });
    expect(view.label).toBe('Pago');
    expect(view.money.totalCents).toBe(5_000);
    expect(view.heldUnits).toBe(0);
    expect(view.noteItems).toMatchObject([{ body: 'Embrulhar para presente', by: 'Ana (ana@loja.com.br)' }]);
  });

  it('gives an Atendente the buyer whole but none of the money buttons', async () => {
    const [order] = await insertOrders([{ status: 'paid', method: 'pix' }]);
    const view = (await orderPageView(order.id, 'attendant'))!;
    expect(view).toMatchObject({ masked: false, actsOnOrders: false, canWriteNotes: true });
    expect(view.can).toEqual({ cancel: false, refund: false, reconcile: false });
  });

  it('gives the public demo the buyer masked (with the reason), the money buttons, no notes and known carriers only', async () => {
    const [order] = await insertOrders([{ status: 'pending', method: 'pix' }]);
    const view = (await orderPageView(order.id, 'demo'))!;
    expect(view.masked).toBe(true);
    expect(view.maskedWhy).toEqual(expect.any(String));
    expect(view.order.buyerEmail).not.toBe('maria@example.com');
    expect(view.whatsApp).toBeNull();
    expect(view.can).toEqual({ cancel: true, refund: false, reconcile: true });
    expect(view.canWriteNotes).toBe(false);
    expect(view.knownCarriersOnly).toEqual(expect.any(String));
    expect(view.resend.denied).toEqual(expect.any(String));
  });

  it('is null for an order that does not exist', async () => {
    expect(await orderPageView('00000000-0000-4000-8000-000000000000', 'owner')).toBeNull();
  });
});
