/**
 * How an order reaches the buyer, as the pages, the receipt, the dashboard and the CSV show it:
 * the shipping line ("Frete") and the delivery address (or the pickup address). Pure.
 */
import type { Order } from '@/db/schema';
import { HIDDEN } from '@balcao/br/personal-data';
import { formatBRL } from '@balcao/br/money';

export type DeliveryView = {
  /** null: nothing in the order ships. */
  method: 'delivery' | 'pickup' | null;
  cents: number;
  address: { zip: string; street: string; number: string; complement: string | null; neighborhood: string; city: string; state: string } | null;
  pickupAddress: string | null;
  /** The carrier service chosen ("SEDEX") and its promise ("Chega entre 03/12 e 05/12"); null when the UF table priced it. */
  service?: string | null;
  arrival?: string | null;
};

/** "Chega entre 03/12 e 05/12" from the promised São Paulo dates (null when there is no promise). */
export function arrivalText(from: string | null | undefined, to: string | null | undefined): string | null {
  if (!from || !to) return null;
  const dm = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;
  return from === to ? `Chega em ${dm(from)}` : `Chega entre ${dm(from)} e ${dm(to)}`;
}

/** The order columns a delivery is stored in. */
export type DeliveryColumns = Pick<
  Order,
  | 'shippingMethod'
  | 'shippingCents'
  | 'deliveryZip'
  | 'deliveryStreet'
  | 'deliveryNumber'
  | 'deliveryComplement'
  | 'deliveryNeighborhood'
  | 'deliveryCity'
  | 'deliveryState'
  | 'pickupAddress'
> &
  Partial<Pick<Order, 'shippingServiceName' | 'deliveryFromDate' | 'deliveryToDate'>>;

export function deliveryOf(o: DeliveryColumns): DeliveryView {
  const address =
    o.shippingMethod === 'delivery' && o.deliveryZip
      ? {
          zip: o.deliveryZip,
          street: o.deliveryStreet ?? '',
          number: o.deliveryNumber ?? '',
          complement: o.deliveryComplement,
          neighborhood: o.deliveryNeighborhood ?? '',
          city: o.deliveryCity ?? '',
          state: o.deliveryState ?? '',
        }
      : null;
  const promised = o.shippingMethod === 'delivery';
  return {
    method: o.shippingMethod ?? null,
    cents: o.shippingCents,
    address,
    pickupAddress: o.shippingMethod === 'pickup' ? o.pickupAddress : null,
    service: promised ? (o.shippingServiceName ?? null) : null,
    arrival: promised ? arrivalText(o.deliveryFromDate, o.deliveryToDate) : null,
  };
}

/** "01310-100" from "01310100". */
export function formatCep(zip: string): string {
  return /^\d{8}$/.test(zip) ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip;
}

/**
 * The address as an envelope shows it: street line, neighbourhood and city line, CEP line.
 * A masked address (@balcao/br/personal-data) has no street line and no neighbourhood.
 */
export function addressLines(a: NonNullable<DeliveryView['address']>): string[] {
  const neighborhood = a.neighborhood && a.neighborhood !== HIDDEN ? `${a.neighborhood}, ` : '';
  return [
    ...(a.street === HIDDEN ? [] : [`${a.street}, ${a.number}${a.complement ? ` — ${a.complement}` : ''}`]),
    `${neighborhood}${a.city}/${a.state}`,
    `CEP ${formatCep(a.zip)}`,
  ];
}

/** One line, for a CSV cell or a list. */
export function addressOneLine(a: NonNullable<DeliveryView['address']>): string {
  return addressLines(a).join(' · ');
}

/** The shipping line's value: "R$ 12,90", "Grátis", or "Retirar na loja". */
export function shippingValue(d: Pick<DeliveryView, 'method' | 'cents'>): string {
  if (d.method === 'pickup') return 'Retirar na loja (grátis)';
  return d.cents === 0 ? 'Grátis' : formatBRL(d.cents);
}

/** The order's items before shipping (the stored lines add up to it). */
export function itemsSubtotal(items: readonly { lineTotalCents: number }[]): number {
  return items.reduce((sum, i) => sum + i.lineTotalCents, 0);
}
