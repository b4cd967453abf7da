import type { DeliveryColumns } from '@/lib/orders/delivery';

/** The delivery columns of an order in which nothing ships (tests start from it and set what they need). */
export const NOTHING_SHIPS: DeliveryColumns = {
  shippingMethod: null,
  shippingCents: 0,
  deliveryZip: null,
  deliveryStreet: null,
  deliveryNumber: null,
  deliveryComplement: null,
  deliveryNeighborhood: null,
  deliveryCity: null,
  deliveryState: null,
  pickupAddress: null,
};

/** An order delivered to Avenida Paulista, 1000 — apto 12, with R$ 12,90 of shipping. */
export const PAULISTA_DELIVERY: DeliveryColumns = {
  ...NOTHING_SHIPS,
  shippingMethod: 'delivery',
  shippingCents: 1290,
  deliveryZip: '01310100',
  deliveryStreet: 'Avenida Paulista',
  deliveryNumber: '1000',
  deliveryComplement: 'apto 12',
  deliveryNeighborhood: 'Bela Vista',
  deliveryCity: 'São Paulo',
  deliveryState: 'SP',
};
