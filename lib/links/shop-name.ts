/** The shop's name as buyers see it: the sender name of its e-mails (Configurações), else "Balcão". */
import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { emailSettings } from '@/db/schema';

export const DEFAULT_SHOP_NAME = 'Balcão';

export async function shopName(): Promise<string> {
  const [row] = await db().select({ name: emailSettings.senderName }).from(emailSettings).where(eq(emailSettings.id, 1));
  return row?.name?.trim() || DEFAULT_SHOP_NAME;
}
