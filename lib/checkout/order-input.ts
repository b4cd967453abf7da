/**
 * The one contract of a checkout submit, as a zod schema. The shop's form parser
 * (lib/checkout) validates the form with `checkoutDetailsSchema`; placeOrder
 * (lib/checkout/place-order.ts), which never trusts its caller, validates the same details plus
 * the cart's items with `orderInputSchema`, built from the same object. One set of rules, one set
 * of pt-BR messages. Limits are the API's (docs/payment-api-contract.md): payer.name ≤ 100,
 * street ≤ 200, number ≤ 20, neighborhood and city ≤ 100, zip 8 digits, state one of the 27 UFs.
 * The buyer's "Celular (WhatsApp)" is a Brazilian mobile (@balcao/br/phone), kept as its 11
 * national digits; optional unless the shop requires it (Configurações → Pagamento, the
 * `requireBuyerPhone` setting): every schema here exists in both forms (`schemasFor`).
 * Pure (no server imports).
 */
import { z } from 'zod';
import { checkDocument, documentMessages } from '@balcao/br/documents';
import { checkMobile, mobileMessages } from '@balcao/br/phone';
import { isUF, type UF } from '@balcao/br/uf';
import { LIMITS } from '@balcao/payment-contract';
import { CHECK_FIELDS_MESSAGE, FORM_FIELDS, type FieldErrors, type FormField } from './fields';
import { BUYER_NOTE_MAX_LENGTH } from '@/lib/orders/words';
import { EMPTY_CART_MESSAGE } from '@/lib/orders/pricing';
import { COUPON_CODE_MAX } from '@/lib/coupons/rules';

export const MAX_QUANTITY = 99;
export const MAX_LINES = 50;

export const EXPIRED_FORM_MESSAGE = 'Este formulário expirou. Confira os dados e envie de novo.';
const QUANTITY_MESSAGE = `Quantidade inválida: escolha de 1 a ${MAX_QUANTITY} unidades de cada produto.`;
const PRODUCT_ID_MESSAGE = 'Um dos produtos do carrinho não existe mais. Revise o carrinho.';

/** Control characters never belong in a name or an address; runs of spaces become one. */
const clean = (v: string) => v.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();

const text = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .transform(clean)
    .pipe(z.string().min(1, { error: required }).max(max, { error: tooLong }));

const documentField = z.string({ error: documentMessages.empty }).transform((v, ctx) => {
  const r = checkDocument(v);
  if (!r.ok) {
    ctx.addIssue({ code: 'custom', message: documentMessages[r.reason] });
    return z.NEVER;
  }
  return r.digits;
});

const emailField = z
  .string({ error: 'Informe seu e-mail.' })
  .transform((v) => v.trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: 'Informe seu e-mail.' })
      .max(254, { error: 'O e-mail pode ter até 254 caracteres.' })
      .pipe(z.email({ error: 'E-mail inválido: confira o endereço (ex.: nome@exemplo.com.br).' })),
  );

/** "Celular (WhatsApp)" → 11 national digits; empty → undefined, unless required. */
const phoneField = (required: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const raw = (v ?? '').slice(0, 40);
      if (!raw.trim()) {
        if (!required) return undefined;
        ctx.addIssue({ code: 'custom', message: mobileMessages.empty });
        return z.NEVER;
      }
      const r = checkMobile(raw);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: mobileMessages[r.reason] });
        return z.NEVER;
      }
      return r.digits;
    });

const buyerOf = (phoneRequired: boolean) =>
  z
    .object({
      name: text('Informe seu nome completo.', LIMITS.payerName, `O nome pode ter até ${LIMITS.payerName} caracteres.`),
      document: documentField,
      email: emailField,
      phone: phoneField(phoneRequired),
      /** "Receber atualizações pelo WhatsApp": the buyer's own tick (LGPD consent); nothing without a phone. */
      whatsappConsent: z.boolean().optional(),
    })
    .superRefine((b, ctx) => {
      // A person (CPF) has a first name and a surname; a company (CNPJ) may have a one-word name.
      if (b.document.length === 11 && b.name.split(' ').length < 2) {
        ctx.addIssue({ code: 'custom', path: ['name'], message: 'Informe nome e sobrenome.' });
      }
    });

const zipField = z.string({ error: 'Informe o CEP.' }).transform((v, ctx) => {
  const trimmed = v.trim();
  if (!trimmed) {
    ctx.addIssue({ code: 'custom', message: 'Informe o CEP.' });
    return z.NEVER;
  }
  const digits = trimmed.replace(/[\s.-]/g, '');
  if (!/^\d{8}$/.test(digits)) {
    ctx.addIssue({ code: 'custom', message: 'O CEP tem 8 dígitos (ex.: 01310-100).' });
    return z.NEVER;
  }
  if (/^0+$/.test(digits)) {
    ctx.addIssue({ code: 'custom', message: 'CEP inválido: confira os dígitos.' });
    return z.NEVER;
  }
  return digits;
});

const address = z.object({
  zip: zipField,
  street: text('Informe a rua.', LIMITS.street, `A rua pode ter até ${LIMITS.street} caracteres.`),
  number: text('Informe o número (ou S/N).', LIMITS.number, `O número pode ter até ${LIMITS.number} caracteres.`),
  neighborhood: text('Informe o bairro.', LIMITS.neighborhood, `O bairro pode ter até ${LIMITS.neighborhood} caracteres.`),
  city: text('Informe a cidade.', LIMITS.city, `A cidade pode ter até ${LIMITS.city} caracteres.`),
  state: z
    .string({ error: 'Escolha a UF.' })
    .transform((v) => v.trim().toUpperCase())
    .refine(isUF, { error: 'Escolha a UF.' })
    .transform((v) => v as UF),
});

/** Where a shipped order goes: the address plus an optional complement ("apto 12", "fundos"). */
export const COMPLEMENT_MAX = 60;
const delivery = address.extend({
  complement: z
    .string()
    .optional()
    .transform((v) => clean(v ?? ''))
    .pipe(z.string().max(COMPLEMENT_MAX, { error: `O complemento pode ter até ${COMPLEMENT_MAX} caracteres.` })),
});

/** The delivery address alone (placeOrder names each missing part when a shipped order has none). */
export const deliveryAddressSchema = delivery;
export type DeliveryAddress = z.output<typeof delivery>;

/** The cart's lines (product, variant and quantity only: prices always come from the catalog). Repeated lines are merged. */
const items = z
  .array(
    z.object({
      productId: z.int({ error: PRODUCT_ID_MESSAGE }).positive({ error: PRODUCT_ID_MESSAGE }),
      variantId: z.int({ error: PRODUCT_ID_MESSAGE }).positive({ error: PRODUCT_ID_MESSAGE }).optional(),
      quantity: z.int({ error: QUANTITY_MESSAGE }).min(1, { error: QUANTITY_MESSAGE }).max(MAX_QUANTITY, { error: QUANTITY_MESSAGE }),
    }),
    { error: EMPTY_CART_MESSAGE },
  )
  .min(1, { error: EMPTY_CART_MESSAGE })
  .max(MAX_LINES, { error: `O carrinho aceita até ${MAX_LINES} produtos diferentes.` })
  .transform((lines, ctx) => {
    // One line per product and variant (a line naming no variant is the product's implicit one).
    const merged = new Map<string, { productId: number; variantId?: number; quantity: number }>();
    for (const { productId, variantId, quantity } of lines) {
      const key = `${productId}:${variantId ?? ''}`;
      const before = merged.get(key);
      merged.set(key, { productId, ...(variantId !== undefined ? { variantId } : {}), quantity: (before?.quantity ?? 0) + quantity });
    }
    if ([...merged.values()].some((l) => l.quantity > MAX_QUANTITY)) {
      ctx.addIssue({ code: 'custom', message: QUANTITY_MESSAGE });
      return z.NEVER;
    }
    return [...merged.values()];
  });

const details = z.object({
  /** One render of the checkout form (a UUID in a hidden field): one order and one charge per key. */
  checkoutKey: z.uuid({ error: EXPIRED_FORM_MESSAGE }),
  method: z.enum(['pix', 'boleto'], { error: 'Escolha Pix ou boleto.' }),
  buyer: buyerOf(false),
  /** The boleto payer's address (required for boleto). */
  address: address.optional(),
  /** How a shipped order reaches the buyer; ignored when nothing in the order ships. */
  shipping: z.enum(['delivery', 'pickup'], { error: 'Escolha entrega ou retirada na loja.' }).default('delivery'),
  /** Where a shipped order is delivered: placeOrder requires it when something ships and shipping is delivery. */
  delivery: delivery.optional(),
  /**
   * "Forma de entrega" as chosen and the price the page showed ("me-2@4490"): placeOrder quotes
   * again and refuses a price that changed (never charges the form's number).
   */
  freight: z
    .union([
      z.object({ id: z.string().regex(/^[a-z0-9-]{1,20}$/), shownCents: z.int().nonnegative() }),
      z.string().transform((v) => {
        const m = /^([a-z0-9-]{1,20})@(\d{1,9})$/.exec(v);
        return m ? { id: m[1], shownCents: Number(m[2]) } : undefined;
      }),
    ])
    .optional(),
  /**
   * The promotions the page showed (lib/checkout/cart-promotions.ts `promotionsSeen`): compared
   * with those priced at submit, never used as a price. Absent (an API call): not compared.
   */
  promotionsSeen: z.string().max(4000).optional(),
  /** "Adicionar ao pedido" ticked: the product whose offer the page showed (lib/checkout/offers.ts); its price is read on the server. */
  offer: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** "Cupom de desconto" as typed: only a code; what it is worth is read on the server (lib/coupons). */
  coupon: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim().toUpperCase())
    .pipe(z.string().max(COUPON_CODE_MAX, { error: 'Cupom inválido' }))
    .transform((v) => v || undefined),
  /** "Observações para a loja": optional, the buyer's own words for the shop (shown on the order, the "Nova venda" e-mail and the CSV). */
  note: z
    .string()
    .optional()
    // One kind of line break, no control characters, no spaces around.
    .transform((v) => (v ?? '').replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '').trim())
    .pipe(z.string().max(BUYER_NOTE_MAX_LENGTH, { error: `As observações podem ter até ${BUYER_NOTE_MAX_LENGTH} caracteres.` }))
    .transform((v) => v || undefined),
});

export const LINK_GONE_MESSAGE = 'Este link de pagamento não existe mais. Confira o endereço com a loja.';
const AMOUNT_MESSAGE = 'Informe um valor em reais, como 150,00.';

/**
 * An order placed through a payment link: the same details, and instead of the cart's items
 * the link (by id) and, when the link lets the buyer choose, the amount typed (centavos). The
 * price, the minimum and the methods allowed are the link's, read on the server.
 */
const linkShape = {
  link: z.object(
    {
      id: z.uuid({ error: LINK_GONE_MESSAGE }),
      amountCents: z.int({ error: AMOUNT_MESSAGE }).positive({ error: AMOUNT_MESSAGE }).optional(),
    },
    { error: LINK_GONE_MESSAGE },
  ),
};

export const SESSION_GONE_MESSAGE = 'Esta sessão de pagamento não existe. Volte para a loja e tente de novo.';

/** An order placed from an API checkout session (/c/<id>): the session's lines, fixed when it was created. */
const sessionShape = {
  session: z.object({ id: z.string({ error: SESSION_GONE_MESSAGE }).regex(/^cs_[A-Za-z0-9_-]{20,64}$/, { error: SESSION_GONE_MESSAGE }) }, { error: SESSION_GONE_MESSAGE }),
};

/** Boleto needs the address (each missing part gets its own message); Pix ignores it. */
function addressOnlyForBoleto(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const { address: given, ...rest } = input as { address?: unknown; method?: unknown; buyer?: unknown };
  return { ...rest, buyer: rest.buyer ?? {}, ...(rest.method === 'boleto' ? { address: given ?? {} } : {}) };
}

/** Every schema of a checkout, with the phone required or not. */
function buildSchemas(phoneRequired: boolean) {
  const base = phoneRequired ? details.extend({ buyer: buyerOf(true) }) : details;
  const order = base.extend({ items });
  const linkOrder = base.extend(linkShape);
  const sessionOrder = base.extend(sessionShape);
  return {
    details: base,
    order,
    linkOrder,
    sessionOrder,
    /** What the checkout form says (no cart): the form parser's schema. */
    checkoutDetails: z.preprocess(addressOnlyForBoleto, base),
    /** The same details plus the cart's items: placeOrder's input. */
    orderInput: z.preprocess(addressOnlyForBoleto, order),
    /** The same details plus a payment link: placeOrder's input for a link. */
    linkOrderInput: z.preprocess(addressOnlyForBoleto, linkOrder),
    /** The same details plus a checkout session: placeOrder's input for the hosted checkout. */
    sessionOrderInput: z.preprocess(addressOnlyForBoleto, sessionOrder),
  };
}

const OPTIONAL_PHONE = buildSchemas(false);
const REQUIRED_PHONE = buildSchemas(true);

/** The checkout's schemas for a shop that requires the phone (`requireBuyerPhone`) or not. */
export function schemasFor(opts: { phoneRequired?: boolean } = {}) {
  return opts.phoneRequired ? REQUIRED_PHONE : OPTIONAL_PHONE;
}

/** What the checkout form says (no cart), the phone optional: the form parser's schema. */
export const checkoutDetailsSchema = OPTIONAL_PHONE.checkoutDetails;
/** The same details plus the cart's items: placeOrder's input. */
export const orderInputSchema = OPTIONAL_PHONE.orderInput;
/** The same details plus a payment link: placeOrder's input for a link. */
export const linkOrderInputSchema = OPTIONAL_PHONE.linkOrderInput;
/** The same details plus a checkout session: placeOrder's input for the hosted checkout. */
export const sessionOrderInputSchema = OPTIONAL_PHONE.sessionOrderInput;

type Schemas = typeof OPTIONAL_PHONE;
type CartOrder = Schemas['order'];
type LinkOrder = Schemas['linkOrder'];
type SessionOrder = Schemas['sessionOrder'];

/** What a caller hands to placeOrder for a cart (before cleaning: masks, spaces and case are fine). */
export type OrderInput = z.input<CartOrder>;
/** The same for a payment link. */
export type LinkOrderInput = z.input<LinkOrder>;
/** A cart's order after validation: trimmed text, digits-only document and zip, lower-case e-mail, UF, merged items. */
export type ValidCartOrder = z.output<CartOrder>;
/** A payment link's order after validation. */
export type ValidLinkOrder = z.output<LinkOrder>;
export type SessionOrderInput = z.input<SessionOrder>;
export type ValidSessionOrder = z.output<SessionOrder>;
export type ValidOrder = ValidCartOrder | ValidLinkOrder | ValidSessionOrder;
export type CheckoutDetails = z.output<typeof details>;

/** Each form field's first message; a path inside `buyer` or `address` is named by its field. */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const [head, leaf] = issue.path;
    const key = head === 'buyer' || head === 'address' || head === 'delivery' ? leaf : head;
    const field = head === 'link' ? (leaf === 'amountCents' ? 'amount' : 'items') : head === 'session' ? 'items' : key;
    if (typeof field !== 'string' || !(field === 'items' || field === 'amount' || (FORM_FIELDS as readonly string[]).includes(field))) continue;
    out[field as FormField | 'items' | 'amount'] ??= issue.message;
  }
  return out;
}

export type OrderInputCheck = { ok: true; value: ValidOrder } | { ok: false; error: string; fieldErrors?: FieldErrors };

/**
 * placeOrder's guard. A bad key or method is a general error (the form always sends both);
 * field messages come with "Confira os campos destacados." (or the cart's message alone).
 * `phoneRequired`: the shop's `requireBuyerPhone`, read by placeOrder itself.
 */
export function checkOrderInput(input: unknown, opts: { phoneRequired?: boolean } = {}): OrderInputCheck {
  const isLink = typeof input === 'object' && input !== null && 'link' in input;
  const isSession = typeof input === 'object' && input !== null && 'session' in input;
  const schemas = schemasFor(opts);
  const r = (isSession ? schemas.sessionOrderInput : isLink ? schemas.linkOrderInput : schemas.orderInput).safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  const fieldErrors = fieldErrorsOf(r.error.issues);
  const { checkoutKey, method, ...rest } = fieldErrors;
  if (checkoutKey) return { ok: false, error: checkoutKey };
  if (method) return { ok: false, error: method };
  const keys = Object.keys(rest);
  const alone = keys.length === 1 ? (rest.items ?? rest.amount) : undefined;
  return { ok: false, error: alone ?? CHECK_FIELDS_MESSAGE, fieldErrors: rest };
}
