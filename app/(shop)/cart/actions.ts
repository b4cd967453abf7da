'use server';

import { redirect } from 'next/navigation';
import { MAX_QUANTITY, addProduct, positiveInt, removeProduct, replaceCart, setProductQuantity } from '@/lib/checkout';
import { reorderLinesByToken } from '@/lib/orders';
import { trackAddToCart } from '@/lib/pixels';

/** Product and catalog pages: add and go to the cart. A product not on sale is ignored. */
export async function addToCartAction(form: FormData): Promise<void> {
  const productId = positiveInt(form.get('productId'));
  const quantity = positiveInt(form.get('quantity'), MAX_QUANTITY) ?? 1;
  const variantId = positiveInt(form.get('variantId')) ?? undefined;
  if (productId !== null && (await addProduct(productId, quantity, variantId))) await trackAddToCart(productId, quantity, variantId);
  redirect('/cart');
}

/** Cart page: "−", "+" (quantity sent by the button) and "Remover". */
export async function updateCartLineAction(form: FormData): Promise<void> {
  const productId = positiveInt(form.get('productId'));
  if (productId === null) return;
  const variantId = positiveInt(form.get('variantId')) ?? undefined;
  if (form.get('intent') === 'remove') {
    await removeProduct(productId, variantId);
    return;
  }
  const raw = form.get('quantity');
  const quantity = typeof raw === 'string' && /^\d{1,3}$/.test(raw) ? Number(raw) : null;
  if (quantity === null) return;
  await setProductQuantity(productId, quantity, variantId);
}

/** "Comprar novamente": the same items back in the cart, then the checkout. */
export async function reorderAction(form: FormData): Promise<void> {
  const token = form.get('token');
  const lines = typeof token === 'string' ? await reorderLinesByToken(token) : null;
  if (!lines) redirect('/');
  const kept = await replaceCart(lines);
  redirect(kept > 0 ? '/checkout' : '/cart');
}
