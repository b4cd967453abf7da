/**
 * The shop's Pix discount ("Desconto no Pix"): a percentage the merchant sets, 0 to 30 % with
 * at most two decimals, kept as integer basis points (5,25 % = 525) so that nothing about it
 * is a float. It is a price the shop sets, not the API's early-payment discount; what it
 * takes off an order is computed with the order's other money, in lib/orders/pricing.ts. Pure.
 */

export const MAX_PIX_DISCOUNT_BPS = 3000;

/** What a person types ("5", "5,25", "5.5 %") → basis points; undefined when empty; NaN when not a number with ≤ 2 decimals. */
export function parsePercentToBps(text: string): number | undefined {
  const s = text.trim().replace(/\s|%/g, '');
  if (!s) return undefined;
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) return NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 525 → "5,25"; 500 → "5"; 550 → "5,5" (as a form field or before a "%"). */
export function bpsToPercentText(bps: number): string {
  const whole = Math.floor(bps / 100);
  const frac = String(bps % 100).padStart(2, '0').replace(/0+$/, '');
  return frac ? `${whole},${frac}` : String(whole);
}
