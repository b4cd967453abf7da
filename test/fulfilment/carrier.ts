/** Test helpers: a shop that ships through the carrier (Melhor Envio, its sandbox in tests). */
import { beforeAll } from 'vitest';
import { database } from '@/db';
import { shippingSettings } from '@/db/schema';
import { withFulfilmentOrders } from './orders';

/** The carrier on in the shipping settings, sending from CEP 01310-100. */
export async function enableCarrier(): Promise<void> {
  const values = { carrierEnabled: true, carrierOriginZip: '01310100' };
  await database().db.insert(shippingSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: shippingSettings.id, set: values });
}

/** Registers the hooks of a file about carrier labels and tracking: withFulfilmentOrders, and the carrier on. */
export function withCarrierShop(): void {
  withFulfilmentOrders();
  beforeAll(enableCarrier);
}
