/**
 * The named steps of placing an order (place-price.ts, place-steps.ts), each on its own against a
 * real SQLite file: price, reserve (with the number), insert, open attempt. placeOrder's own
 * tests (place-order*.test.ts) run them together; the DATABASE_DRIVER=libsql run checks that
 * the batched reads and held writes give the same answers.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { counters, orderItems, orders, paymentEvents, payments, stockMovements } from '@/db/schema';
import { itemsOfProducts } from '@/lib/catalog/catalog';
import { OutOfStock } from '@/lib/catalog/stock';
import { checkOrderInput, type ValidOrder } from '@/lib/checkout/order-input';
import { pricePlacement, type PriceContext, type PricedPlacement } from '@/lib/checkout/place-price';
import { insertOrder, reserve, TooManyUnpaid, type Placement } from '@/lib/checkout/place-steps';
import { createInputsOf, createInputsQueries, openAttempt } from '@/lib/payments/create-charge';
import { reads } from '@/db/driver';
import { chargeTerms } from '@/lib/payments/charge-request';
import { newId, randomToken } from '@/lib/security/tokens';
import { DEFAULT_SETTINGS } from '@/lib/payment-settings/settings';
import { carrierSettingsOf } from '@/lib/shipping/carrier';
import { rulesOf } from '@/lib/shipping/settings';
import { prepareDatabase, VALID_CPF } from '@/test/payments/db';
import { insertProduct } from '@/test/catalog/products';
import { saoPauloDate } from '@balcao/br/dates';

const ctx = (catalog: PriceContext['catalog']): PriceContext => ({ settings: { ...DEFAULT_SETTINGS }, rules: rulesOf(undefined), carrier: carrierSettingsOf(undefined), catalog });

let n = 0;
async function product(stock: number | null, priceCents = 2000): Promise<number> {
  const slug = `passo-${++n}-${randomUUID().slice(0, 6)}`;
  return insertProduct({ slug, name: `Produto ${slug}`, description: '', priceCents, imagePath: '', stock, requiresShipping: false });
}

function cartOrder(productId: number, quantity: number, document = VALID_CPF): ValidOrder {
  const checked = checkOrderInput({
    checkoutKey: randomUUID(),
    method: 'pix',
    items: [{ productId, quantity }],
    buyer: { name: 'Maria da Silva', document, email: 'maria@example.com' },
    shipping: 'pickup',
  });
  if (!checked.ok) throw new Error(checked.error);
  return checked.value;
}

async function priced(input: ValidOrder): Promise<PricedPlacement> {
  const ids = 'items' in input ? input.items.map((i) => i.productId) : [];
  const p = await pricePlacement(input, ctx(await itemsOfProducts(ids)));
  if (!p.ok) throw new Error(p.error);
  return p;
}

const placement = (input: ValidOrder, p: PricedPlacement, over: Partial<Placement> = {}): Placement => ({
  input,
  priced: p,
  orderId: newId(),
  token: randomToken(),
  nowMs: Date.now(),
  stockHoldMinutes: DEFAULT_SETTINGS.stockHoldMinutes,
  unpaidLimit: 1000,
  origin: null,
  ...over,
});

const counter = async () => (await database().db.select().from(counters).where(eq(counters.name, 'order_number')))[0]?.value ?? null;

beforeAll(() => prepareDatabase());

describe('step 1, price', () => {
  it('prices from the catalog rows, never the form, in integer centavos, and writes nothing', async () => {
    const id = await product(5, 1990);
    const input = cartOrder(id, 3);
    const before = await database().db.select().from(orders);
    const p = await priced(input);
    expect(p.priced.lines).toEqual([expect.objectContaining({ productId: id, unitPriceCents: 1990, quantity: 3, lineTotalCents: 5970 })]);
    expect(p.totalCents).toBe(5970 - p.priced.pixDiscountCents);
    expect(Number.isInteger(p.totalCents)).toBe(true);
    expect(await database().db.select().from(orders)).toHaveLength(before.length);
  });

  it('refuses a cart its catalog rows cannot cover, next to the items', async () => {
    const id = await product(1);
    const refused = await pricePlacement(cartOrder(id, 2), ctx(await itemsOfProducts([id])));
    expect(refused).toMatchObject({ ok: false, fieldErrors: { items: expect.stringContaining('resta 1 unidade') } });
    // No catalog rows (a product gone): refused, never priced from anything else.
    expect(await pricePlacement(cartOrder(id, 1), ctx([]))).toMatchObject({ ok: false });
  });
});

describe('step 2, reserve (with step 3, the number)', () => {
  it('counts the unpaid orders of the CPF/CNPJ in the transaction and refuses at the limit, handing out no number', async () => {
    const id = await product(null);
    const document = '11144477735';
    const input = cartOrder(id, 1, document);
    const p = await priced(input);
    await database().transaction(function* (tx) {
      const r = yield* reserve(tx, placement(input, p));
      yield* insertOrder(tx, placement(input, p), r);
    });
    const numberBefore = await counter();
    await expect(
      database().transaction(function* (tx) {
        yield* reserve(tx, placement(cartOrder(id, 1, document), p, { unpaidLimit: 1 }));
      }),
    ).rejects.toBeInstanceOf(TooManyUnpaid);
    expect(await counter()).toBe(numberBefore);
  });

  it('hands out consecutive numbers, and gives back the units of a lapsed reservation before counting the stock', async () => {
    const id = await product(1);
    const input = cartOrder(id, 1);
    const p = await priced(input);
    // An unpaid order took the last unit two days ago: its reservation lapsed.
    const old = placement(input, p, { nowMs: Date.now() - 2 * 24 * 3600_000 });
    const first = await database().transaction(function* (tx) {
      const r = yield* reserve(tx, old);
      yield* insertOrder(tx, old, r);
      return r.number;
    });
    const next = placement(cartOrder(id, 1), p);
    const second = await database().transaction(function* (tx) {
      const r = yield* reserve(tx, next);
      expect([...r.released.values()]).toEqual([1]);
      yield* insertOrder(tx, next, r);
      return r.number;
    });
    expect(second).toBe(first + 1);
    const moves = await database().db.select().from(stockMovements).where(eq(stockMovements.productId, id));
    expect(moves.map((m) => [m.orderId === old.orderId ? 'old' : 'new', m.reason, m.delta]).sort()).toEqual([
      ['new', 'order', -1],
      ['old', 'order', -1],
      ['old', 'released', 1],
    ]);
  });
});

describe('step 4, insert', () => {
  it('writes the order, its lines and its units together', async () => {
    const id = await product(4, 2500);
    const input = cartOrder(id, 3);
    const pl = placement(input, await priced(input));
    await database().transaction(function* (tx) {
      yield* insertOrder(tx, pl, yield* reserve(tx, pl));
    });
    const [order] = await database().db.select().from(orders).where(eq(orders.id, pl.orderId));
    expect(order).toMatchObject({ status: 'pending', token: pl.token, checkoutKey: input.checkoutKey, itemsCents: 7500, totalCents: pl.priced.totalCents });
    expect(await database().db.select({ quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, pl.orderId))).toEqual([{ quantity: 3 }]);
    expect((await database().db.select().from(stockMovements).where(eq(stockMovements.orderId, pl.orderId))).map((m) => m.delta)).toEqual([-3]);
  });

  it('refuses an order the stock no longer covers (another took it since pricing): nothing written', async () => {
    const id = await product(2);
    const a = cartOrder(id, 2);
    const pa = placement(a, await priced(a));
    const b = cartOrder(id, 2);
    const pb = placement(b, await priced(b)); // priced while both units were free
    await database().transaction(function* (tx) {
      yield* insertOrder(tx, pa, yield* reserve(tx, pa));
    });
    const error = await database()
      .transaction(function* (tx) {
        yield* insertOrder(tx, pb, yield* reserve(tx, pb));
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutOfStock);
    expect(error).toMatchObject({ left: 0 });
    expect(await database().db.select().from(orders).where(eq(orders.id, pb.orderId))).toEqual([]);
  });
});

describe('step 5, open attempt', () => {
  it('writes the payment in "creating" with its own keys and the terms its create will send', async () => {
    const id = await product(null);
    const input = cartOrder(id, 1);
    const pl = placement(input, await priced(input));
    const paymentId = newId();
    await database().transaction(function* (tx) {
      const r = yield* reserve(tx, pl);
      yield* insertOrder(tx, pl, r);
      const terms = chargeTerms('pix', { ...DEFAULT_SETTINGS }, saoPauloDate(), r.number, 'Loja');
      yield* openAttempt(tx, { paymentId, orderId: pl.orderId, method: 'pix', amountCents: pl.priced.totalCents, terms });
    });
    const [payment] = await database().db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ orderId: pl.orderId, createState: 'creating', status: 'pending', amountCents: pl.priced.totalCents });
    expect(payment.idempotencyKey).toBeTruthy();
    const events = await database().db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
    expect(events.map((e) => e.type)).toEqual(['create_requested']);
  });

  it('reads back, in its own transaction with the held writes, exactly what the create would read after the commit', async () => {
    const id = await product(null);
    const input = cartOrder(id, 1);
    const pl = placement(input, await priced(input));
    const paymentId = newId();
    const inside = await database().transaction(function* (tx) {
      const r = yield* reserve(tx, pl);
      yield* insertOrder(tx, pl, r);
      const terms = chargeTerms('pix', { ...DEFAULT_SETTINGS }, saoPauloDate(), r.number, 'Loja');
      yield* openAttempt(tx, { paymentId, orderId: pl.orderId, method: 'pix', amountCents: pl.priced.totalCents, terms });
      return createInputsOf(yield* reads(createInputsQueries(tx, paymentId)));
    });
    const after = createInputsOf(await database().batch(createInputsQueries(database().db, paymentId)));
    expect(inside?.payment.createState).toBe('creating');
    expect(inside?.terms?.method).toBe('pix');
    expect(inside).toEqual(after);
  });
});
