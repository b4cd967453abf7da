/**
 * Prices a cart from the catalog (pure): the cookie's lines say only which products and how
 * many; every price and total here comes from the catalog rows passed in. Lines whose product
 * is unknown or no longer on sale are dropped and counted.
 */
import type { CatalogProduct } from '@/lib/catalog/catalog';
import { formatBRL } from '@/lib/money/money';
import type { CartLine } from './cart-cookie';

/** The API's minimum for both Pix and boleto (R$ 5,00). */
export const MIN_ORDER_CENTS = 500;

export type PricedLine = {
  product: CatalogProduct;
  quantity: number;
  lineTotalCents: number;
  /** Set when the catalog's stock cannot cover the quantity (pt-BR). */
  problem?: string;
};

export type PricedCart = {
  lines: PricedLine[];
  subtotalCents: number;
  /** Units across all lines. */
  itemCount: number;
  /** Lines dropped because the product is unknown or no longer on sale. */
  droppedLines: number;
  belowMinimum: boolean;
  /** Why checkout cannot proceed (pt-BR), or null when it can. */
  blocker: string | null;
};

export const EMPTY_CART_MESSAGE = 'Seu carrinho está vazio.';
export const MINIMUM_MESSAGE = `O valor mínimo para pagar com Pix ou boleto é ${formatBRL(MIN_ORDER_CENTS)}. Adicione mais itens para finalizar a compra.`;
export const STOCK_MESSAGE = 'Alguns itens não têm estoque suficiente. Ajuste as quantidades no carrinho.';

export function stockProblem(stock: number | null, quantity: number): string | undefined {
  if (stock === null) return undefined;
  if (stock <= 0) return 'Esgotado.';
  if (quantity > stock) return stock === 1 ? 'Só resta 1 unidade.' : `Só restam ${stock} unidades.`;
  return undefined;
}

export function priceCart(lines: readonly CartLine[], catalog: readonly CatalogProduct[]): PricedCart {
  const byId = new Map(catalog.map((p) => [p.id, p]));
  const priced: PricedLine[] = [];
  let droppedLines = 0;
  for (const line of lines) {
    const product = byId.get(line.productId);
    if (!product) {
      droppedLines += 1;
      continue;
    }
    const problem = stockProblem(product.stock, line.quantity);
    priced.push({ product, quantity: line.quantity, lineTotalCents: product.priceCents * line.quantity, ...(problem ? { problem } : {}) });
  }
  const subtotalCents = priced.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const itemCount = priced.reduce((n, l) => n + l.quantity, 0);
  const belowMinimum = priced.length > 0 && subtotalCents < MIN_ORDER_CENTS;
  const blocker =
    priced.length === 0 ? EMPTY_CART_MESSAGE : priced.some((l) => l.problem) ? STOCK_MESSAGE : belowMinimum ? MINIMUM_MESSAGE : null;
  return { lines: priced, subtotalCents, itemCount, droppedLines, belowMinimum, blocker };
}

/** The lines as placeOrder takes them. */
export function orderItemsOf(cart: PricedCart): { productId: number; quantity: number }[] {
  return cart.lines.map((l) => ({ productId: l.product.id, quantity: l.quantity }));
}
