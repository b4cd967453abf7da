/**
 * A variant's GTIN (EAN-13, UPC…) when the merchant typed one, else null (the item then goes
 * without g:gtin, which Google accepts for goods without one). The product's "Código de barras
 * (GTIN)" field is not stored yet: when it is, this reads it and the feeds carry it.
 */
export function gtinOf(variant: { id: number; sku: string | null }): string | null {
  void variant;
  return null;
}
