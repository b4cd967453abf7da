'use server';
/**
 * The catalog's server actions. Each one checks the session on the server first, validates
 * its input, calls one use-case in lib/catalog and returns a pt-BR result for the form.
 * (Photo uploads go to a route handler: app/api/dashboard/products/[id]/photos.)
 */
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { getMerchantOrNull, SESSION_EXPIRED_MESSAGE } from '@/lib/auth/session';
import { removeProduct, restoreProduct, saveProduct, STOCK_CHANGED } from '@/lib/catalog/admin';
import { movePhoto, removePhoto } from '@/lib/catalog/photos';
import { parseProductForm, shownStockOf } from '@/lib/catalog/product-form';
import type { ActionState } from '@/lib/dashboard/action-state';
import { logger } from '@/lib/server/log';

const UNEXPECTED = 'Algo deu errado do nosso lado. Atualize a página e tente novamente.';

function refused(error: string, fieldErrors?: Record<string, string>, values?: Record<string, string>): ActionState {
  return { ok: false, error, fieldErrors, values, at: Date.now() };
}
function done(message: string): ActionState {
  return { ok: true, message, at: Date.now() };
}
function idOf(form: FormData, name = 'productId'): number | null {
  const v = form.get(name);
  return typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null;
}
function revalidateCatalog(slug?: string) {
  revalidatePath('/dashboard/produtos', 'layout');
  revalidatePath('/');
  if (slug) revalidatePath(`/products/${slug}`);
}

export async function saveProductAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
  const rawId = form.get('productId');
  const id = rawId ? idOf(form) : null;
  if (rawId && id === null) return refused('Produto não encontrado.');
  const parsed = parseProductForm(form);
  if (!parsed.ok) return refused('Confira os campos destacados.', parsed.fieldErrors, parsed.values);
  let saved;
  try {
    saved = await saveProduct(id, parsed.value, id === null ? undefined : shownStockOf(form));
  } catch (error) {
    logger().error({ err: error, productId: id }, 'product save failed');
    return refused(UNEXPECTED, undefined, Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>);
  }
  if (!saved.ok) {
    const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    if (saved.currentStock !== undefined) {
      // Everything typed stays; the stock field (and what the form now "showed") becomes the
      // current stock, so the merchant sees it and the next save compares with it.
      const now = saved.currentStock === null ? '' : String(saved.currentStock);
      const typed = values.stock ?? '';
      const said = `${STOCK_CHANGED}. Estoque agora: ${now === '' ? 'não controlado' : now}${typed !== now ? ` (você tinha digitado ${typed === '' ? 'em branco' : typed})` : ''}.`;
      return refused(said, saved.fieldErrors, { ...values, stock: now, stockShown: now });
    }
    return refused('Confira os campos destacados.', saved.fieldErrors, values);
  }
  logger().info({ actor: merchant.id, productId: saved.id, created: id === null }, 'product saved');
  revalidateCatalog(saved.slug);
  // A new product goes on to its page, where its photos are added.
  if (id === null) redirect(`/dashboard/produtos/${saved.id}?criado=1`);
  return done('Produto salvo.');
}

export async function removeProductAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
  const id = idOf(form);
  if (!id) return refused('Produto não encontrado.');
  const outcome = await removeProduct(id);
  if (outcome === 'missing') return refused('Este produto não existe mais.');
  logger().info({ actor: merchant.id, productId: id, outcome }, 'product removed');
  revalidateCatalog();
  redirect(`/dashboard/produtos?${outcome === 'archived' ? 'arquivado' : 'excluido'}=1`);
}

export async function restoreProductAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
  const id = idOf(form);
  if (!id || !(await restoreProduct(id))) return refused('Este produto não está arquivado.');
  revalidateCatalog();
  return done('Produto de volta ao catálogo, como inativo. Ative-o para voltar a vendê-lo.');
}

export async function removePhotoAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
  const id = idOf(form);
  const photoId = idOf(form, 'photoId');
  if (!id || !photoId || !(await removePhoto(id, photoId))) return refused('Esta foto não existe mais.');
  revalidateCatalog();
  return done('Foto removida.');
}

export async function movePhotoAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
  const id = idOf(form);
  const photoId = idOf(form, 'photoId');
  const to = form.get('to');
  if (!id || !photoId || (to !== 'earlier' && to !== 'later' && to !== 'cover')) return refused('Não foi possível mover esta foto.');
  if (!(await movePhoto(id, photoId, to))) return refused('Não foi possível mover esta foto.');
  revalidateCatalog();
  return done(to === 'cover' ? 'Esta foto agora é a capa.' : 'Ordem das fotos salva.');
}
