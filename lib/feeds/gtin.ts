/**
 * A variant's GTIN (EAN-13, UPC…) for the feeds: the variant's own "Código de barras (GTIN)"
 * when set, else the product's (the NF-e's rule, @balcao/br/nfe-fiscal), and only when its GS1
 * check digit holds; else null, and the item goes without g:gtin and with
 * g:identifier_exists no (Google refuses an item whose GTIN is wrong, not one without).
 */
import { gtinProblem } from '@balcao/br/nfe-fiscal';

const set = (s: string | null | undefined) => {
  const t = s?.replace(/\s/g, '') ?? '';
  return t === '' ? null : t;
};

export function gtinOf(variant: { gtin?: string | null }, product: { gtin?: string | null }): string | null {
  // The variant's own code names that variant; a wrong one does not fall back to the product's.
  const gtin = set(variant.gtin) ?? set(product.gtin);
  return gtin !== null && gtinProblem(gtin) === null ? gtin : null;
}
