/**
 * What a webhook's body claims, read leniently and never trusted: the event's id and type for
 * the delivery log, and at most a boleto barcode whose check digits and amount are right
 * (used only when the read-back did not bring one). The state always comes from the read-back.
 */
import { barcodeToDigitableLine, digitableLineToBarcode, isValidBoletoBarcode, isValidDigitableLine } from '@balcao/br/boleto';
import type { Artifacts } from './observation';

/** One lenient UTF-8 decoder for every delivery (decode() without `stream` keeps no state between calls). */
export const utf8 = new TextDecoder('utf-8', { fatal: false });

export type WebhookBody = { eventId?: string; eventType?: string; data?: Record<string, unknown> };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : undefined);

/** Whatever the body is (JSON or not, wrapped in `data` or not), what it claims to be. For logging and extras only. */
export function parseWebhookBody(raw: Uint8Array): WebhookBody {
  let body: unknown;
  try {
    body = JSON.parse(utf8.decode(raw));
  } catch {
    return {};
  }
  if (!isObject(body)) return {};
  const data = isObject(body.data) ? body.data : isObject(body.resource) ? body.resource : body;
  return {
    eventId: str(body.id ?? body.event_id ?? body.eventId),
    eventType: str(body.type ?? body.event ?? body.event_name ?? body.eventType),
    data,
  };
}

/** Amount field of a boleto barcode (positions 10–19), in centavos. */
function barcodeAmountCents(barcode: string): number {
  return Number(barcode.slice(9, 19));
}

/**
 * A barcode or digitable line from the body, accepted only when its check digits are right,
 * both agree, and the amount it encodes is this payment's.
 */
export function boletoExtrasFromBody(data: Record<string, unknown> | undefined, amountCents: number): Pick<Artifacts, 'barcode' | 'digitableLine'> {
  if (!data) return {};
  const digits = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s.\-]/g, '') : '');
  let barcode = digits(data.barcode);
  let line = digits(data.digitable_line ?? data.digitableLine ?? data.linha_digitavel);
  if (barcode && !isValidBoletoBarcode(barcode)) barcode = '';
  if (line && !isValidDigitableLine(line)) line = '';
  if (barcode && line && digitableLineToBarcode(line) !== barcode) return {};
  if (!barcode && line) barcode = digitableLineToBarcode(line);
  if (!barcode || !isValidBoletoBarcode(barcode)) return {};
  if (barcodeAmountCents(barcode) !== amountCents) return {};
  return { barcode, digitableLine: line || barcodeToDigitableLine(barcode) };
}
