import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { activityLog, orderNotes, payments, webhookDeliveries } from '@/db/schema';
import { insertOrders } from '@/test/dashboard/fixtures';
import { getOrderDetail, NOTE_HIDDEN } from '@/lib/orders/admin/order-detail';
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

  it('hides note bodies from a masked role, even what the buyer record does not hold (a phone typed as is)', async () => {
    const [order] = await insertOrders([{ status: 'paid', buyerEmail: 'lia@example.com' }]);
    await addOrderNote(order.id, 'Ligar para 21 99876-5432, Rua das Flores 12', ana);
    const masked = await getOrderDetail(order.id, { masked: true });
    expect(masked!.notes.map((n) => n.body)).toEqual([NOTE_HIDDEN]);
    expect(JSON.stringify(masked)).not.toContain('99876-5432');
    expect(JSON.stringify(masked)).not.toContain('Flores');
    expect(masked!.timeline.find((e) => e.kind === 'note')!.facts).toEqual([NOTE_HIDDEN, 'Por: Ana (ana@loja.com.br)']);
  });

  it('refuses an empty or too long note in Portuguese', () => {
    expect(noteSchema.safeParse({ orderId: 'x', body: '   ' }).error?.issues[0].message).toBe('Escreva a nota.');
    expect(noteSchema.safeParse({ orderId: 'x', body: 'a'.repeat(2001) }).error?.issues[0].message).toBe('A nota pode ter até 2.000 caracteres.');
  });

  it("blanks a boleto's pdf_url in the timeline's technical details for a masked role (and keeps it for the owner)", async () => {
    const [order] = await insertOrders([{ status: 'pending', method: 'boleto' }]);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    const body = JSON.stringify({ id: 'ev1', type: 'charge.created', data: { id: payment.providerId, pdf_url: 'http://localhost:3000/sandbox/invoice/boleto/pdf/abc' } });
    await db().insert(webhookDeliveries).values({ paymentId: payment.id, tokenHash: 'x', eventType: 'charge.created', signature: 'valid', outcome: 'applied', httpStatus: 200, body });
    const whole = await getOrderDetail(order.id);
    expect(JSON.stringify(whole!.timeline)).toContain('/sandbox/invoice/boleto/pdf/abc');
    const masked = await getOrderDetail(order.id, { masked: true });
    expect(JSON.stringify(masked!.timeline)).not.toContain('/sandbox/invoice/boleto/pdf/abc');
    expect(masked!.timeline.find((e) => e.kind === 'webhook')!.raw!.text).toContain('"pdf_url": ""');
  });
});
