/** Cart changes made by the shop's server actions; a product or variant not on sale is ignored. */
import 'server-only';
import { itemsOfProducts } from '@/lib/catalog';
import { itemFor } from '@/lib/orders/pricing';
import { addToLines, removeFromLines, setLineQuantity, type CartLine } from './cart-cookie';
import { readCartLines, writeCartLines } from './cart';

/** A form field as a positive integer, or null. */
export function positiveInt(value: FormDataEntryValue | null, max = 1_000_000_000): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= max ? n : null;
}

/** Adds a product (its variant `variantId`, or its implicit one); false when that is not on sale. */
export async function addProduct(productId: number, quantity: number, variantId?: number): Promise<boolean> {
  const item = itemFor({ productId, variantId, quantity }, await itemsOfProducts([productId]));
  if (!item) return false;
  await writeCartLines(addToLines(await readCartLines(), productId, quantity, variantId));
  return true;
}

export async function setProductQuantity(productId: number, quantity: number, variantId?: number): Promise<void> {
  await writeCartLines(setLineQuantity(await readCartLines(), productId, quantity, variantId));
}

export async function removeProduct(productId: number, variantId?: number): Promise<void> {
  await writeCartLines(removeFromLines(await readCartLines(), productId, variantId));
}

/** Replaces the cart with `lines`, keeping only what is still on sale ("Comprar novamente"). */
export async function replaceCart(lines: readonly CartLine[]): Promise<number> {
  const onSale = await itemsOfProducts(lines.map((l) => l.productId));
  const kept = lines.reduce<CartLine[]>((acc, l) => (itemFor(l, onSale) ? addToLines(acc, l.productId, l.quantity, l.variantId) : acc), []);
  await writeCartLines(kept);
  return kept.length;
}
