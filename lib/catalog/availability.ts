/** What the shop says about a product's stock. Pure. */

/** At or under this many units left, the shop says "Últimas N unidades". */
export const LOW_STOCK_THRESHOLD = 5;

export type Availability = { soldOut: boolean; label: string | null };

export function availability(stock: number | null): Availability {
  if (stock === null) return { soldOut: false, label: null };
  if (stock <= 0) return { soldOut: true, label: 'Esgotado' };
  if (stock === 1) return { soldOut: false, label: 'Última unidade' };
  if (stock <= LOW_STOCK_THRESHOLD) return { soldOut: false, label: `Últimas ${stock} unidades` };
  return { soldOut: false, label: null };
}
