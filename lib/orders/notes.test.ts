import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { activityLog, orderNotes } from '@/db/schema';
import { insertOrders } from '@/test/dashboard/fixtures';
import { getOrderDetail } from '@/lib/order-admin/order-detail';
import { addOrderNote, noteSchema, orderNotesOf } from './notes';

const ana = { id: 7, email: 'ana@loja.com.br', name: 'Ana' };

describe('Notas internas', () => {
  it('writes the note and its activity line together, and shows it on the timeline with author and time', async () => {
    const [order] = await insertOrders([{ status: 'paid' }]);
    expect(await addOrderNote(order.id, 'Cliente pediu para embrulhar para presente', ana, '203.0.113.9')).toBe(true);
    const notes = await orderNotesOf(order.id);
    expect(notes).toMatchObject([{ body: 'Cliente pediu para embrulhar para presente', authorEmail: 'ana@loja.com.br', authorName: 'Ana' }]);
    const log = await db().select().from(activityLog).where(eq(activityLog.target, order.id));
    expect(log).toMatchObject([{ action: 'order_note', actorEmail: 'ana@loja.com.br', ip: '203.0.113.9' }]);
    // The log keeps that a note was written, not its words.
    expect(log[0].summary).not.toContain('embrulhar');
    const detail = await getOrderDetail(order.id);
    expect(detail!.timeline.find((e) => e.kind === 'note')).toMatchObject({ title: 'Nota interna', facts: ['Cliente pediu para embrulhar para presente', 'Por: Ana (ana@loja.com.br)'] });
  });

  it('writes nothing for an order that does not exist', async () => {
    const before = (await db().select().from(orderNotes)).length;
    expect(await addOrderNote('00000000-0000-4000-8000-000000000000', 'x', ana)).toBe(false);
    expect((await db().select().from(orderNotes)).length).toBe(before);
  });

  it('masks the buyer’s data in notes for a role that sees buyers masked', async () => {
    const [order] = await insertOrders([{ status: 'paid', buyerEmail: 'renata@example.com' }]);
    await addOrderNote(order.id, 'Confirmar com renata@example.com antes de enviar', ana);
    const masked = await getOrderDetail(order.id, { masked: true });
    expect(JSON.stringify(masked!.notes)).not.toContain('renata@example.com');
    expect(JSON.stringify(masked!.timeline)).not.toContain('renata@example.com');
  });

  it('refuses an empty or too long note in Portuguese', () => {
    expect(noteSchema.safeParse({ orderId: 'x', body: '   ' }).error?.issues[0].message).toBe('Escreva a nota.');
    expect(noteSchema.safeParse({ orderId: 'x', body: 'a'.repeat(2001) }).error?.issues[0].message).toBe('A nota pode ter até 2.000 caracteres.');
  });
});
