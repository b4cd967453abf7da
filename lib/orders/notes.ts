/**
 * "Notas internas": what the team writes on an order ("Cliente pediu para embrulhar para
 * presente"), with who and when. The note and its activity-log line are written in one
 * transaction: a note the log does not know of never exists.
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { database, db } from '@/db';
import { get, run } from '@/db/driver';
import { orderNotes, orders, type OrderNote } from '@/db/schema';
import { activityStep } from '@/lib/security';
import { orderLabel } from './format';
import { NOTE_MAX_LENGTH } from './note-limits';

export const noteSchema = z.object({
  orderId: z.string().min(1),
  body: z
    .string()
    .trim()
    .min(1, { error: 'Escreva a nota.' })
    .max(NOTE_MAX_LENGTH, { error: `A nota pode ter até ${NOTE_MAX_LENGTH.toLocaleString('pt-BR')} caracteres.` }),
});

export type NoteAuthor = { id: number; email: string; name?: string | null };

/** Adds a note to an order; false when there is no such order. */
export async function addOrderNote(orderId: string, body: string, author: NoteAuthor, ip: string | null = null): Promise<boolean> {
  return database().transaction(function* (tx) {
    const order = yield* get(tx.select({ id: orders.id, number: orders.number }).from(orders).where(eq(orders.id, orderId)));
    if (!order) return false;
    yield* run(tx.insert(orderNotes).values({ orderId, authorEmail: author.email.slice(0, 254), authorName: author.name?.slice(0, 120) ?? null, body }));
    // The log keeps that a note was written, not its words (they may hold the buyer's data).
    yield* activityStep(tx, { actor: author, action: 'order_note', summary: `Nota interna no pedido ${orderLabel(order)}`, target: orderId, ip });
    return true;
  });
}

/** An order's notes, oldest first. */
export async function orderNotesOf(orderId: string): Promise<OrderNote[]> {
  return db().select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
}
