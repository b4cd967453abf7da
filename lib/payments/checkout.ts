/**
 * placeOrder: turns one checkout submit into an order and its charge at the provider.
 *
 * Prices are re-read from the catalog (never from the form), the total is integer centavos.
 * Idempotent per checkoutKey: the order, its items, its payment (Idempotency-Key, webhook
 * token, createState 'creating') and the charge's terms are written in ONE transaction;
 * the API is called after it. A repeated submit finds the same order: it returns at once
 * when the charge exists, or re-sends the same request with the same key when the first
 * answer was lost.
 */
import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { database } from '@/db';
import { run } from '@/db/driver';
import { orderItems, orders, payments, products, type Order } from '@/db/schema';
import { saoPauloDate } from '@/lib/br/dates';
import { maskDocument } from '@/lib/br/documents';
import { LIMITS } from '@/lib/payment-api/contract';
import { userMessage } from '@/lib/payment-api/client';
import { formatBRL } from '@/lib/money/money';
import { logger, redactSecrets } from '@/lib/server/log';
import { getSettings } from '@/lib/settings/settings';
import { dedupe, insertEvent } from './apply';
import { chargeTerms, payableUntilOf } from './charge-request';
import { CHECK_FIELDS, cleanCheckoutInput, type CheckoutFieldKey, type CheckoutInput, type CheckoutResult, type CleanCheckout } from './checkout-input';
import { submitCreate, type CreateOutcome } from './create-charge';
import { newId, randomToken } from './ids';

export type { CheckoutInput, CheckoutResult } from './checkout-input';

export const MIN_TOTAL_CENTS = LIMITS.minAmount * 100;
export const MAX_TOTAL_CENTS = Math.round(LIMITS.boletoMaxAmount * 100);
export const PROVIDER_DID_NOT_ANSWER = 'O serviço de pagamentos não respondeu. Tente novamente.';
export const TRY_AGAIN = 'Não foi possível registrar o pedido agora. Tente novamente em instantes.';
export const ORDER_FAILED = 'Não foi possível gerar a cobrança deste pedido. Recarregue a página e faça o pedido de novo.';

/** Concurrent submits of the same form in this process share one run. */
const inFlight = new Map<string, Promise<CheckoutResult>>();

export async function placeOrder(input: CheckoutInput): Promise<CheckoutResult> {
  const cleaned = cleanCheckoutInput(input);
  if (!cleaned.ok) return cleaned;
  const key = cleaned.value.checkoutKey;
  const running = inFlight.get(key);
  if (running) return running;
  const placing = place(cleaned.value)
    .catch((error): CheckoutResult => {
      // A database failure, say: the same submit can simply be retried (same checkout key).
      logger().error({ err: redactSecrets(String(error)) }, 'placeOrder failed');
      return { ok: false, error: TRY_AGAIN };
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, placing);
  return placing;
}

async function findByCheckoutKey(checkoutKey: string): Promise<{ order: Order; paymentId?: string } | undefined> {
  const { db } = database();
  const [order] = await db.select().from(orders).where(eq(orders.checkoutKey, checkoutKey));
  if (!order) return undefined;
  const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, order.id));
  return { order, paymentId: payment?.id };
}

type Priced = { ok: true; lines: { productId: number; name: string; unitPriceCents: number; quantity: number; lineTotalCents: number }[]; totalCents: number } | Extract<CheckoutResult, { ok: false }>;

/** The catalog's prices for the cart; unknown or inactive products and short stock are refused. */
async function priceItems(items: CleanCheckout['items'], method: CleanCheckout['method']): Promise<Priced> {
  const ids = items.map((i) => i.productId);
  const rows = await database().db.select().from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines = [];
  for (const item of items) {
    const product = byId.get(item.productId);
    if (!product || !product.active) return itemsError('Um dos produtos do carrinho não está mais disponível. Revise o carrinho.');
    if (product.stock !== null && item.quantity > product.stock) {
      return itemsError(`Estoque insuficiente de "${product.name}": restam ${product.stock}.`);
    }
    lines.push({ productId: product.id, name: product.name, unitPriceCents: product.priceCents, quantity: item.quantity, lineTotalCents: product.priceCents * item.quantity });
  }
  const totalCents = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  if (totalCents < MIN_TOTAL_CENTS) {
    return itemsError(`O valor mínimo para pagar com Pix ou boleto é ${formatBRL(MIN_TOTAL_CENTS)}. Adicione mais itens ao carrinho.`);
  }
  if (totalCents > MAX_TOTAL_CENTS) {
    return itemsError(`O valor máximo de um pedido com ${method === 'pix' ? 'Pix' : 'boleto'} é ${formatBRL(MAX_TOTAL_CENTS)}.`);
  }
  return { ok: true, lines, totalCents };
}

function itemsError(message: string): Extract<CheckoutResult, { ok: false }> {
  return { ok: false, error: message, fieldErrors: { items: message } };
}

async function place(input: CleanCheckout): Promise<CheckoutResult> {
  const existing = await findByCheckoutKey(input.checkoutKey);
  if (existing) return resume(existing);

  const priced = await priceItems(input.items, input.method);
  if (!priced.ok) return priced;

  const settings = await getSettings();
  const orderId = newId();
  const paymentId = newId();
  const token = randomToken();
  const terms = chargeTerms(input.method, settings, saoPauloDate(), orderId);
  const a = input.address;

  try {
    await database().transaction(function* (tx) {
      yield* run(
        tx.insert(orders).values({
          id: orderId,
          token,
          checkoutKey: input.checkoutKey,
          status: 'pending',
          method: input.method,
          totalCents: priced.totalCents,
          buyerName: input.buyer.name,
          buyerDocument: input.buyer.document,
          buyerEmail: input.buyer.email,
          addressZip: a?.zip ?? null,
          addressStreet: a?.street ?? null,
          addressNumber: a?.number ?? null,
          addressNeighborhood: a?.neighborhood ?? null,
          addressCity: a?.city ?? null,
          addressState: a?.state ?? null,
        }),
      );
      for (const line of priced.lines) yield* run(tx.insert(orderItems).values({ orderId, ...line }));
      yield* run(
        tx.insert(payments).values({
          id: paymentId,
          orderId,
          method: input.method,
          createState: 'creating',
          idempotencyKey: newId(),
          webhookToken: randomToken(),
          status: 'pending',
          amountCents: priced.totalCents,
          dueDate: terms.dueDate,
          payableUntil: payableUntilOf(terms),
        }),
      );
      // The terms, kept so that a retry rebuilds exactly the same request.
      yield* run(insertEvent(tx, { paymentId, orderId, type: 'create_requested', source: 'checkout', dedupeKey: dedupe.createRequested(paymentId), detail: terms }));
    });
  } catch (error) {
    // Another process stored the same submit first (checkout_key is unique): continue with it.
    const other = await findByCheckoutKey(input.checkoutKey);
    if (other) return resume(other);
    throw error;
  }

  logger().info({ orderId, method: input.method, totalCents: priced.totalCents, buyer: maskDocument(input.buyer.document) }, 'order placed');
  return outcome(await submitCreate(paymentId, { source: 'checkout', onRefused: 'delete', firstAttempt: true }));
}

async function resume(existing: { order: Order; paymentId?: string }): Promise<CheckoutResult> {
  if (!existing.paymentId) return { ok: false, error: ORDER_FAILED };
  return outcome(await submitCreate(existing.paymentId, { source: 'checkout', onRefused: 'delete' }));
}

/** Provider field path → checkout field. */
const FIELD_OF: Record<string, CheckoutFieldKey> = {
  'payer.name': 'name',
  'payer.document': 'document',
  'payer.zip': 'zip',
  'payer.street': 'street',
  'payer.number': 'number',
  'payer.neighborhood': 'neighborhood',
  'payer.city': 'city',
  'payer.state': 'state',
  amount: 'items',
};

function outcome(result: CreateOutcome): CheckoutResult {
  switch (result.kind) {
    case 'created':
      return { ok: true, orderToken: result.orderToken };
    case 'in_doubt':
      return { ok: false, error: PROVIDER_DID_NOT_ANSWER };
    case 'refused': {
      const message = userMessage(result.error);
      const field = result.error.field ? FIELD_OF[result.error.field] : undefined;
      if (!result.deleted) return { ok: false, error: ORDER_FAILED };
      return field ? { ok: false, error: CHECK_FIELDS, fieldErrors: { [field]: message } } : { ok: false, error: message };
    }
    case 'failed':
    case 'missing':
      return { ok: false, error: ORDER_FAILED };
  }
}
