/**
 * The checkout input as placeOrder accepts it. The shop's action validates the form first;
 * this is the use-case's own guard (it never trusts a caller), with the same pt-BR messages.
 * Pure.
 */
import { checkDocument, documentMessages, onlyDigits } from '@/lib/br/documents';
import { isUF } from '@/lib/br/uf';
import { LIMITS } from '@/lib/payment-api/contract';

export type CheckoutInput = {
  /** One submit of the checkout form (a UUID rendered into it). */
  checkoutKey: string;
  method: 'pix' | 'boleto';
  items: { productId: number; quantity: number }[];
  buyer: { name: string; document: string; email: string };
  address?: { zip: string; street: string; number: string; neighborhood: string; city: string; state: string };
};

export type CheckoutFieldKey = 'name' | 'document' | 'email' | 'zip' | 'street' | 'number' | 'neighborhood' | 'city' | 'state' | 'items';

export type CheckoutResult =
  | { ok: true; orderToken: string }
  | { ok: false; error: string; fieldErrors?: Partial<Record<CheckoutFieldKey, string>> };

export type CleanCheckout = {
  checkoutKey: string;
  method: 'pix' | 'boleto';
  /** One line per product (repeated products merged). */
  items: { productId: number; quantity: number }[];
  buyer: { name: string; document: string; email: string };
  address: { zip: string; street: string; number: string; neighborhood: string; city: string; state: string } | null;
};

export const MAX_QUANTITY = 99;
export const MAX_LINES = 50;
export const CHECK_FIELDS = 'Confira os campos destacados.';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : '';
}

function required(value: string, max: number, missing: string, tooLong: string): string | undefined {
  if (!value) return missing;
  if (value.length > max) return tooLong;
  return undefined;
}

export function cleanCheckoutInput(input: CheckoutInput): { ok: true; value: CleanCheckout } | Extract<CheckoutResult, { ok: false }> {
  const fieldErrors: Partial<Record<CheckoutFieldKey, string>> = {};
  const raw = (input ?? {}) as Partial<CheckoutInput>;

  const checkoutKey = typeof raw.checkoutKey === 'string' ? raw.checkoutKey.trim() : '';
  if (!/^[A-Za-z0-9_-]{8,100}$/.test(checkoutKey)) {
    return { ok: false, error: 'O formulário expirou. Recarregue a página e tente novamente.' };
  }
  const method = raw.method;
  if (method !== 'pix' && method !== 'boleto') return { ok: false, error: 'Escolha a forma de pagamento: Pix ou boleto.' };

  const merged = new Map<number, number>();
  const items = Array.isArray(raw.items) ? raw.items : [];
  if (items.length === 0) fieldErrors.items = 'Seu carrinho está vazio.';
  else if (items.length > MAX_LINES) fieldErrors.items = `O carrinho aceita até ${MAX_LINES} produtos diferentes.`;
  else {
    for (const it of items) {
      const productId = it?.productId;
      const quantity = it?.quantity;
      if (!Number.isSafeInteger(productId) || productId <= 0) {
        fieldErrors.items = 'Um dos produtos do carrinho não existe mais. Revise o carrinho.';
        break;
      }
      if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
        fieldErrors.items = `Quantidade inválida: escolha de 1 a ${MAX_QUANTITY} unidades de cada produto.`;
        break;
      }
      merged.set(productId, (merged.get(productId) ?? 0) + quantity);
    }
    if (!fieldErrors.items && [...merged.values()].some((q) => q > MAX_QUANTITY)) {
      fieldErrors.items = `Quantidade inválida: escolha de 1 a ${MAX_QUANTITY} unidades de cada produto.`;
    }
  }

  const buyer = raw.buyer ?? ({} as CheckoutInput['buyer']);
  const name = text(buyer.name);
  const nameError = required(name, LIMITS.payerName, 'Informe o nome completo.', `O nome pode ter no máximo ${LIMITS.payerName} caracteres.`);
  if (nameError) fieldErrors.name = nameError;

  const doc = checkDocument(typeof buyer.document === 'string' ? buyer.document : '');
  if (!doc.ok) fieldErrors.document = documentMessages[doc.reason];

  const email = text(buyer.email).toLowerCase();
  if (!email) fieldErrors.email = 'Informe o e-mail.';
  else if (email.length > 254 || !EMAIL.test(email)) fieldErrors.email = 'Informe um e-mail válido, como nome@exemplo.com.br.';

  let address: CleanCheckout['address'] = null;
  if (method === 'boleto') {
    const a = raw.address ?? ({} as NonNullable<CheckoutInput['address']>);
    const zip = onlyDigits(typeof a.zip === 'string' ? a.zip : '');
    const street = text(a.street);
    const number = text(a.number);
    const neighborhood = text(a.neighborhood);
    const city = text(a.city);
    const state = text(a.state).toUpperCase();
    if (zip.length !== 8) fieldErrors.zip = zip ? 'O CEP tem 8 dígitos.' : 'Informe o CEP.';
    const checks: [CheckoutFieldKey, string | undefined][] = [
      ['street', required(street, LIMITS.street, 'Informe a rua.', `A rua pode ter no máximo ${LIMITS.street} caracteres.`)],
      ['number', required(number, LIMITS.number, 'Informe o número (ou "s/n").', `O número pode ter no máximo ${LIMITS.number} caracteres.`)],
      ['neighborhood', required(neighborhood, LIMITS.neighborhood, 'Informe o bairro.', `O bairro pode ter no máximo ${LIMITS.neighborhood} caracteres.`)],
      ['city', required(city, LIMITS.city, 'Informe a cidade.', `A cidade pode ter no máximo ${LIMITS.city} caracteres.`)],
      ['state', isUF(state) ? undefined : 'Escolha a UF.'],
    ];
    for (const [k, msg] of checks) if (msg) fieldErrors[k] = msg;
    address = { zip, street, number, neighborhood, city, state };
  }

  if (Object.keys(fieldErrors).length > 0) {
    return { ok: false, error: fieldErrors.items && Object.keys(fieldErrors).length === 1 ? fieldErrors.items : CHECK_FIELDS, fieldErrors };
  }
  return {
    ok: true,
    value: {
      checkoutKey,
      method,
      items: [...merged].map(([productId, quantity]) => ({ productId, quantity })),
      buyer: { name, document: doc.ok ? doc.digits : '', email },
      address,
    },
  };
}
