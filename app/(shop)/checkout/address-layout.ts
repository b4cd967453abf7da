/**
 * Which address blocks the checkout shows, from what ships, the shipping choice and the method
 * (lib/checkout/parse-form.ts, which the server runs, asks for the same fields).
 */
import { isAddressField, isBillingField, PERSON_FIELDS } from '@/lib/checkout/words';

export type ShipChoice = 'delivery' | 'pickup';
export type PersonField = (typeof PERSON_FIELDS)[number];
export type AddressLayout = { delivering: boolean; showBlock: boolean; showSameBox: boolean; showBilling: boolean };

export function addressLayout(a: { ships: boolean; ship: ShipChoice; method: 'pix' | 'boleto'; hydrated: boolean; sameAddress: boolean }): AddressLayout {
  const delivering = a.ships && a.ship === 'delivery';
  const showBlock = a.ships ? delivering || a.method === 'boleto' : a.method === 'boleto';
  const showSameBox = delivering && a.method === 'boleto';
  const showBilling = a.hydrated && showSameBox && !a.sameAddress;
  return { delivering, showBlock, showSameBox, showBilling };
}

/** Whether a field is on screen now (its error is listed in the form's alert only then). */
export function fieldVisible(f: PersonField, layout: AddressLayout, ships: boolean): boolean {
  if (isBillingField(f)) return layout.showBilling;
  if (f === 'shipping') return ships;
  if (isAddressField(f)) return f === 'complement' ? layout.delivering : layout.showBlock;
  return true;
}
