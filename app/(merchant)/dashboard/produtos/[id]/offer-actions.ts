'use server';
/** "Oferta no checkout" of a product: one action through the envelope (catalog:edit), one use-case in lib/checkout/offers.ts. */
import { revalidatePath } from 'next/cache';
import { parseBRLInput } from '@balcao/br/money';
import { done, refused } from '@/lib/auth/action-state';
import { merchantAction } from '@/lib/auth/merchant-action';
import { saveOffer } from '@/lib/checkout/offers';

export const saveOfferAction = merchantAction({ name: 'save-offer', permission: 'catalog:edit' }, async (form: FormData) => {
  const productId = Number(form.get('productId'));
  if (!Number.isSafeInteger(productId) || productId < 1) return refused('Produto não encontrado.');
  const str = (k: string) => String(form.get(k) ?? '').slice(0, 200);
  const values = { offered: str('offered'), price: str('price'), text: str('text') };
  const r = await saveOffer(productId, { offered: values.offered, priceCents: values.price.trim() ? parseBRLInput(values.price) : null, text: values.text });
  if (!r.ok) return refused(r.error, { [r.field]: r.error }, values);
  revalidatePath(`/dashboard/produtos/${productId}`);
  return done(values.offered ? 'Oferta no checkout salva.' : 'Oferta no checkout removida.');
});
