/**
 * Splitting an amount of centavos over lines (pure): each line's share is its weight's part,
 * rounded down, and the remainder goes to the last line — to the one before it when the last
 * cannot take it all — so the shares always add up to the amount and no share is larger than
 * its line's weight (a discount never makes a line negative). docs/reference.md, "Promoções".
 */

/** `amount` split over `weights` (integer centavos, each ≥ 0); `amount` is capped at their sum. */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + Math.max(0, w), 0);
  const a = Math.max(0, Math.min(amount, total));
  if (a === 0 || total === 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((a * Math.max(0, w)) / total));
  let rest = a - shares.reduce((s, x) => s + x, 0);
  for (let i = weights.length - 1; i >= 0 && rest > 0; i--) {
    const room = Math.max(0, weights[i]) - shares[i];
    const take = Math.min(room, rest);
    shares[i] += take;
    rest -= take;
  }
  return shares;
}

/** What a percentage (basis points) takes off `cents`: the discounted amount rounds half up, as the Pix discount does. */
export function percentOff(cents: number, bps: number): number {
  if (cents <= 0 || bps <= 0) return 0;
  return cents - Math.floor((cents * (10_000 - Math.min(bps, 10_000)) + 5_000) / 10_000);
}
