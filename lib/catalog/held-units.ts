/** Units an order still holds from stock (taken minus given back), for "Devolver ao estoque". */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { database } from '@/db';
import { stockMovements } from '@/db/schema';

/** Units a refunded order could still give back (0 hides the button). */
export async function unitsHeldBy(orderId: string): Promise<number> {
  const [row] = await database()
    .db.select({ net: sql<number | null>`sum(${stockMovements.delta})` })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, orderId));
  return Math.max(0, -Number(row?.net ?? 0));
}
