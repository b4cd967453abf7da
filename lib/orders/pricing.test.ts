import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '@/lib/catalog/catalog';
import { EMPTY_CART_MESSAGE, MAX_ORDER_CENTS, MIN_ORDER_CENTS, MINIMUM_MESSAGE, orderItemsOf, PIX_MINIMUM_MESSAGE, checkoutBlocker, priceCart, priceOrder, STOCK_MESSAGE, UNAVAILABLE_MESSAGE } from './pricing';

const product = (id: number, priceCents: number, stock: number | null = null): CatalogProduct => ({
  id,
  slug: `p-${id}`,
  name: `Produto ${id}`,
  description: '',
  priceCents,
  imagePath: `/products/p-${id}.svg`,
  stock,
  requiresShipping: true,
});

const catalog = [product(1, 3990), product(2, 350), product(3, 2490, 2)];

describe('priceCart', () => {
  it('prices every line from the catalog, in integer centavos', () => {
    const cart = priceCart(
      [
        { productId: 1, quantity: 2 },
        { productId: 2, quantity: 3 },
      ],
      catalog,
    );
    expect(cart.lines.map((l) => l.lineTotalCents)).toEqual([7980, 1050]);
    expect(cart.subtotalCents).toBe(9030);
    expect(cart.itemCount).toBe(5);
    expect(cart.blocker).toBeNull();
    expect(orderItemsOf(cart)).toEqual([
      { productId: 1, quantity: 2 },
      { productId: 2, quantity: 3 },
    ]);
  });

  it('drops products that are not on sale and counts them', () => {
    const cart = priceCart(
      [
        { productId: 999, quantity: 1 },
        { productId: 1, quantity: 1 },
      ],
      catalog,
    );
    expect(cart.lines).toHaveLength(1);
    expect(cart.droppedLines).toBe(1);
    expect(cart.subtotalCents).toBe(3990);
    expect(orderItemsOf(cart)).toEqual([{ productId: 1, quantity: 1 }]);
  });

  it('says when the total is below the R$ 5,00 minimum', () => {
    const below = priceCart([{ productId: 2, quantity: 1 }], catalog);
    expect(below.belowMinimum).toBe(true);
    expect(below.blocker).toBe(MINIMUM_MESSAGE);
    expect(MINIMUM_MESSAGE).toContain('R$ 5,00');
    const exactly = priceCart([{ productId: 2, quantity: 2 }], [product(2, MIN_ORDER_CENTS / 2)]);
    expect(exactly.subtotalCents).toBe(MIN_ORDER_CENTS);
    expect(exactly.belowMinimum).toBe(false);
    expect(exactly.blocker).toBeNull();
  });

  it('blocks an empty cart', () => {
    const empty = priceCart([], catalog);
    expect(empty.blocker).toBe(EMPTY_CART_MESSAGE);
    expect(empty.belowMinimum).toBe(false);
    expect(priceCart([{ productId: 42, quantity: 1 }], catalog).blocker).toBe(EMPTY_CART_MESSAGE);
  });

  it('flags quantities beyond a tracked stock', () => {
    const cart = priceCart([{ productId: 3, quantity: 3 }], catalog);
    expect(cart.lines[0].problem).toBe('Só restam 2 unidades.');
    expect(cart.blocker).toBe(STOCK_MESSAGE);
    expect(priceCart([{ productId: 3, quantity: 2 }], catalog).blocker).toBeNull();
    expect(priceCart([{ productId: 4, quantity: 1 }], [product(4, 1000, 0)]).lines[0].problem).toBe('Esgotado.');
  });
});

describe('checkoutBlocker', () => {
  it('names the product that sold out since it went into the cart', () => {
    const gone = priceCart([{ productId: 4, quantity: 1 }], [product(4, 1000, 0)]);
    expect(gone.blocker).toBe(STOCK_MESSAGE);
    expect(checkoutBlocker(gone)).toBe('Este produto esgotou enquanto você comprava: Produto 4. Seu carrinho foi mantido; remova o item para continuar.');
    expect(checkoutBlocker(priceCart([{ productId: 2, quantity: 1 }], catalog))).toBe(MINIMUM_MESSAGE);
    expect(checkoutBlocker(priceCart([{ productId: 1, quantity: 1 }], catalog))).toBeNull();
  });
});

describe('priceOrder (the same rules, strict)', () => {
  it('stores each line at the catalog price and sums the total', () => {
    expect(priceOrder([{ productId: 1, quantity: 2 }, { productId: 2, quantity: 1 }], catalog, 'pix')).toEqual({
      ok: true,
      lines: [
        { productId: 1, name: 'Produto 1', unitPriceCents: 3990, quantity: 2, lineTotalCents: 7980 },
        { productId: 2, name: 'Produto 2', unitPriceCents: 350, quantity: 1, lineTotalCents: 350 },
      ],
      itemsCents: 8330,
      promotionDiscountCents: 0,
      promotionDiscounts: [],
      couponDiscountCents: 0,
      pixDiscountCents: 0,
      pixDiscountBps: 0,
      totalCents: 8330,
    });
  });

  it('takes the Pix discount off the items as its own line, and keeps the R$ 5,00 minimum on the discounted total', () => {
    expect(priceOrder([{ productId: 1, quantity: 2 }], catalog, 'pix', { pixDiscountBps: 500 })).toMatchObject({
      ok: true,
      itemsCents: 7980,
      pixDiscountCents: 399,
      pixDiscountBps: 500,
      totalCents: 7581,
    });
    expect(priceOrder([{ productId: 1, quantity: 2 }], catalog, 'boleto', { pixDiscountBps: 500 })).toMatchObject({ ok: true, pixDiscountCents: 0, totalCents: 7980 });
    // R$ 5,20 of items at 5 % off = R$ 4,94: under the minimum with Pix, fine with boleto
    const cheap = [product(6, 520)];
    expect(priceOrder([{ productId: 6, quantity: 1 }], cheap, 'pix', { pixDiscountBps: 500 })).toEqual({ ok: false, message: PIX_MINIMUM_MESSAGE });
    expect(priceOrder([{ productId: 6, quantity: 1 }], cheap, 'boleto', { pixDiscountBps: 500 })).toMatchObject({ ok: true, totalCents: 520 });
  });

  it('refuses what the cart would only flag or drop', () => {
    expect(priceOrder([{ productId: 999, quantity: 1 }, { productId: 1, quantity: 1 }], catalog, 'pix')).toEqual({ ok: false, message: UNAVAILABLE_MESSAGE });
    expect(priceOrder([], catalog, 'pix')).toEqual({ ok: false, message: EMPTY_CART_MESSAGE });
    expect(priceOrder([{ productId: 3, quantity: 3 }], catalog, 'pix')).toEqual({ ok: false, message: 'Só restam 2 unidades de Produto 3. Ajuste a quantidade no carrinho.' });
    expect(priceOrder([{ productId: 4, quantity: 1 }], [product(4, 1000, 0)], 'pix')).toEqual({
      ok: false,
      message: 'Este produto esgotou enquanto você comprava: Produto 4. Seu carrinho foi mantido; remova o item para continuar.',
    });
    expect(priceOrder([{ productId: 2, quantity: 1 }], catalog, 'boleto')).toEqual({ ok: false, message: MINIMUM_MESSAGE });
  });

  it('refuses a total above the boleto barcode limit', () => {
    const huge = product(5, MAX_ORDER_CENTS);
    expect(priceOrder([{ productId: 5, quantity: 1 }], [huge], 'boleto').ok).toBe(true);
    const over = priceOrder([{ productId: 5, quantity: 2 }], [huge], 'pix');
    expect(over).toEqual({ ok: false, message: 'O valor máximo de um pedido com Pix é R$ 99.999.999,99.' });
  });
});
