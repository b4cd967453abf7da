/** "Café especial 250 g", "2 × Café especial 250 g +1". Pure. */
export function itemsSummary(lines: { name: string; quantity: number }[]): string {
  if (lines.length === 0) return '—';
  const [first, ...rest] = lines;
  const head = first.quantity > 1 ? `${first.quantity} × ${first.name}` : first.name;
  return rest.length > 0 ? `${head} +${rest.length}` : head;
}
