/** Cart changes made by the shop's server actions; a product id not on sale is ignored. */
import 'server-only';
import { productById, productsByIds } from '@/lib/catalog/catalog';
import { addToLines, removeFromLines, setLineQuantity, type CartLine } from './cart-cookie';
import { readCartLines, writeCartLines } from './cart';

/** A form field as a positive integer, or null. */
export function positiveInt(value: FormDataEntryValue | null, max = 1_000_000_000): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= max ? n : null;
}

/** Adds a product; false when it is not on sale. */
export async function addProduct(productId: number, quantity: number): Promise<boolean> {
  const product = await productById(productId);
  if (!product) return false;
  await writeCartLines(addToLines(await readCartLines(), product.id, quantity));
  return true;
}

export async function setProductQuantity(productId: number, quantity: number): Promise<void> {
  await writeCartLines(setLineQuantity(await readCartLines(), productId, quantity));
}

export async function removeProduct(productId: number): Promise<void> {
  await writeCartLines(removeFromLines(await readCartLines(), productId));
}

/** Replaces the cart with `lines`, keeping only products still on sale ("Comprar novamente"). */
export async function replaceCart(lines: readonly CartLine[]): Promise<number> {
  const onSale = new Set((await productsByIds(lines.map((l) => l.productId))).map((p) => p.id));
  const kept = lines.reduce<CartLine[]>((acc, l) => (onSale.has(l.productId) ? addToLines(acc, l.productId, l.quantity) : acc), []);
  await writeCartLines(kept);
  return kept.length;
}
