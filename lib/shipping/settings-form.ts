/**
 * The "Entrega" settings form: money typed as a Brazilian writes it ("15,90"), blank meaning
 * "no rate here" (or "never free" for the threshold), each error next to its field. Pure.
 */
import { UF_CODES, type UF } from '@balcao/br/uf';
import { formatDecimalComma, parseBRLInput } from '@balcao/br/money';
import type { ShippingRules } from './quote';
import { REGIONS, type Region } from './regions';
import { typedValues } from '@/lib/forms/typed-values';

export const MAX_RATE_CENTS = 9_999_999; // R$ 99.999,99
export const PICKUP_ADDRESS_MAX = 300;

export const regionField = (r: Region) => `region_${r}`;
export const ufField = (uf: UF) => `uf_${uf}`;

export type ShippingFormValues = Record<string, string>;
export type ShippingFormResult = { ok: true; rules: ShippingRules } | { ok: false; fieldErrors: Record<string, string>; values: ShippingFormValues };

const FIELDS = ['national', 'freeAbove', 'pickupEnabled', 'pickupAddress', ...REGIONS.map(regionField), ...UF_CODES.map(ufField)];

/** The rules as the form shows them (money as "15,90", blank where no rate). */
export function shippingFormValues(rules: ShippingRules): ShippingFormValues {
  const money = (c: number | null | undefined) => (c === null || c === undefined ? '' : formatDecimalComma(c));
  const v: ShippingFormValues = {
    national: money(rules.nationalCents),
    freeAbove: money(rules.freeAboveCents),
    pickupEnabled: rules.pickup.enabled ? 'on' : '',
    pickupAddress: rules.pickup.address,
  };
  for (const r of REGIONS) v[regionField(r)] = money(rules.regionCents[r]);
  for (const uf of UF_CODES) v[ufField(uf)] = money(rules.ufCents[uf]);
  return v;
}

export function parseShippingForm(form: FormData | Record<string, unknown>): ShippingFormResult {
  const values: ShippingFormValues = typedValues(form, FIELDS, { maxLength: 1000 });
  const fieldErrors: Record<string, string> = {};

  const money = (field: string, what: string): number | null => {
    const raw = values[field].trim();
    if (!raw) return null;
    const cents = parseBRLInput(raw);
    if (cents === null) fieldErrors[field] = `${what}: informe um valor em reais, como 15,90.`;
    else if (cents > MAX_RATE_CENTS) fieldErrors[field] = `${what}: no máximo R$ 99.999,99.`;
    else return cents;
    return null;
  };

  const nationalCents = money('national', 'Frete para todo o Brasil');
  const regionCents: Partial<Record<Region, number>> = {};
  for (const r of REGIONS) {
    const c = money(regionField(r), `Frete para o ${r}`);
    if (c !== null) regionCents[r] = c;
  }
  const ufCents: Partial<Record<UF, number>> = {};
  for (const uf of UF_CODES) {
    const c = money(ufField(uf), `Frete para ${uf}`);
    if (c !== null) ufCents[uf] = c;
  }
  const freeAboveCents = money('freeAbove', 'Frete grátis a partir de');
  const pickupEnabled = ['on', 'true', '1'].includes(values.pickupEnabled);
  const pickupAddress = values.pickupAddress.replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ').trim();
  if (pickupEnabled && !pickupAddress) fieldErrors.pickupAddress = 'Informe o endereço de retirada: ele aparece para o comprador.';
  else if (pickupAddress.length > PICKUP_ADDRESS_MAX) fieldErrors.pickupAddress = `O endereço de retirada pode ter até ${PICKUP_ADDRESS_MAX} caracteres.`;

  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors, values };
  return { ok: true, rules: { nationalCents, regionCents, ufCents, freeAboveCents, pickup: { enabled: pickupEnabled, address: pickupAddress } } };
}
