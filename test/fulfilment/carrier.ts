/** Test helpers: a shop that ships through the carrier (Melhor Envio, its sandbox in tests). */
import { beforeAll, beforeEach } from 'vitest';
import { database } from '@/db';
import { emailSettings, shippingSettings } from '@/db/schema';
import { clearOrders, prepareDatabase } from '@/test/payments/db';

/** The carrier on in the shipping settings, sending from CEP 01310-100. */
export async function enableCarrier(): Promise<void> {
  const values = { carrierEnabled: true, carrierOriginZip: '01310100' };
  await database().db.insert(shippingSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: shippingSettings.id, set: values });
}

/**
 * Registers the hooks of a file about carrier labels and tracking: the database prepared and the
 * carrier on, once; before each test, no orders and the default e-mail settings.
 */
export function withCarrierShop(): void {
  beforeAll(async () => {
    await prepareDatabase();
    await enableCarrier();
  });
  beforeEach(async () => {
    await clearOrders();
    await database().db.delete(emailSettings);
  });
}
