import type { DeliveryColumns } from '../delivery';

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
