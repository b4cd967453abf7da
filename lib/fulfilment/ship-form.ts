/** The "Marcar como enviado" / "Corrigir rastreio" form → a Tracking, each error on its field (pt-BR). Pure. */
import { parseTracking, type CarrierChoice, type Tracking } from './tracking';
import { typedValues } from '@/lib/forms/typed-values';

export type ShipFormField = 'carrier' | 'code' | 'urlTemplate';
export type ShipFormParse = { ok: true; value: Tracking } | { ok: false; fieldErrors: Partial<Record<ShipFormField, string>>; values: Record<ShipFormField, string> };

export function parseShipForm(form: { get(name: string): unknown }, choice: CarrierChoice = 'any'): ShipFormParse {
  const values = typedValues(form, ['carrier', 'code', 'urlTemplate']);
  const r = parseTracking(values, choice);
  return r.ok ? r : { ok: false, fieldErrors: r.fieldErrors, values };
}
