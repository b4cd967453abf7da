/**
 * Counts in Portuguese: "1 dia", "2 dias", "0 pedidos", "1.234 pedidos". Browser-safe.
 *
 * Not Intl.PluralRules: for pt-BR it files 0 under "one" (CLDR `i = 0..1`), and a screen
 * that says "0 pedido" reads as a typo; written Brazilian Portuguese uses the plural for
 * zero and for fractions ("1,5 dias").
 */

/** The word alone, agreeing with `count`: pluralWord(1, 'pedido', 'pedidos') → "pedido". */
export function pluralWord(count: number, one: string, other: string): string {
  return count === 1 || count === -1 ? one : other;
}

/** The count (grouped as in pt-BR) and its word: plural(2, 'dia', 'dias') → "2 dias". */
export function plural(count: number, one: string, other: string): string {
  return `${count.toLocaleString('pt-BR')} ${pluralWord(count, one, other)}`;
}
