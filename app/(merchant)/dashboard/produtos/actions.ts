'use server';
/**
 * The catalog's server actions, through the one envelope (lib/auth/merchant-action.ts:
 * session, `catalog:edit`, parsing, outcome), each calling one use-case in lib/catalog.
 * (Photo uploads go to a route handler: app/api/dashboard/products/[id]/photos.)
 */
import { revalidatePath } from 'next/cache';
import { done, refused, UNEXPECTED } from '@/lib/auth/action-state';
import { INVALID_FORM, merchantAction } from '@/lib/auth/merchant-action';
import { typedValues } from '@/lib/forms/typed-values';
import { removeProduct, restoreProduct, saveProduct, STOCK_CHANGED } from '@/lib/catalog/admin';
import { movePhoto, removePhoto } from '@/lib/catalog/photos';
import { parseProductForm, shownStockOf } from '@/lib/catalog/product-form';
import { logger } from '@/lib/server/log';
import { parseVariantGrid } from '@/lib/catalog/variant-form';
import { saveOptions, saveVariantGrid } from '@/lib/catalog/variant-admin';
import { MAX_OPTIONS } from '@/lib/catalog/variants';
import { createCategory, removeCategory, setProductCategories } from '@/lib/catalog/categories';

function idOf(form: FormData, name = 'productId'): number | null {
  const v = form.get(name);
  return typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null;
}
function revalidateCatalog(slug?: string) {
  revalidatePath('/dashboard/produtos', 'layout');
  revalidatePath('/');
  if (slug) revalidatePath(`/products/${slug}`);
}

export const saveProductAction = merchantAction(
  { name: 'save-product', permission: 'catalog:edit', onError: (_error, form) => refused(UNEXPECTED, undefined, typedValues(form)) },
  async (form: FormData, { merchant }) => {
    const rawId = form.get('productId');
    const id = rawId ? idOf(form) : null;
    if (rawId && id === null) return refused('Produto não encontrado.');
    const parsed = parseProductForm(form);
    if (!parsed.ok) return refused(INVALID_FORM, parsed.fieldErrors, parsed.values);
    const saved = await saveProduct(id, parsed.value, id === null ? undefined : shownStockOf(form));
    if (!saved.ok) {
      const values = typedValues(form);
      if (saved.currentStock !== undefined) {
        // Everything typed stays; the stock field (and what the form now "showed") becomes the
        // current stock, so the merchant sees it and the next save compares with it.
        const now = saved.currentStock === null ? '' : String(saved.currentStock);
        const typed = values.stock ?? '';
        const said = `${STOCK_CHANGED}. Estoque agora: ${now === '' ? 'não controlado' : now}${typed !== now ? ` (você tinha digitado ${typed === '' ? 'em branco' : typed})` : ''}.`;
        return refused(said, saved.fieldErrors, { ...values, stock: now, stockShown: now });
      }
      return refused(INVALID_FORM, saved.fieldErrors, values);
    }
    logger().info({ actor: merchant.id, productId: saved.id, created: id === null }, 'product saved');
    revalidateCatalog(saved.slug);
    // A new product goes on to its page, where its photos are added.
    if (id === null) return { redirect: `/dashboard/produtos/${saved.id}?criado=1` };
    return done('Produto salvo.');
  },
);

export const removeProductAction = merchantAction({ name: 'remove-product', permission: 'catalog:edit' }, async (form: FormData, { merchant }) => {
  const id = idOf(form);
  if (!id) return refused('Produto não encontrado.');
  const outcome = await removeProduct(id);
  if (outcome === 'missing') return refused('Este produto não existe mais.');
  logger().info({ actor: merchant.id, productId: id, outcome }, 'product removed');
  revalidateCatalog();
  return { redirect: `/dashboard/produtos?${outcome === 'archived' ? 'arquivado' : 'excluido'}=1` };
});

export const restoreProductAction = merchantAction({ name: 'restore-product', permission: 'catalog:edit' }, async (form: FormData) => {
  const id = idOf(form);
  if (!id || !(await restoreProduct(id))) return refused('Este produto não está arquivado.');
  revalidateCatalog();
  return done('Produto de volta ao catálogo, como inativo. Ative-o para voltar a vendê-lo.');
});

export const removePhotoAction = merchantAction({ name: 'remove-photo', permission: 'catalog:edit' }, async (form: FormData) => {
  const id = idOf(form);
  const photoId = idOf(form, 'photoId');
  if (!id || !photoId || !(await removePhoto(id, photoId))) return refused('Esta foto não existe mais.');
  revalidateCatalog();
  return done('Foto removida.');
});

export const movePhotoAction = merchantAction({ name: 'move-photo', permission: 'catalog:edit' }, async (form: FormData) => {
  const id = idOf(form);
  const photoId = idOf(form, 'photoId');
  const to = form.get('to');
  if (!id || !photoId || (to !== 'earlier' && to !== 'later' && to !== 'cover')) return refused('Não foi possível mover esta foto.');
  if (!(await movePhoto(id, photoId, to))) return refused('Não foi possível mover esta foto.');
  revalidateCatalog();
  return done(to === 'cover' ? 'Esta foto agora é a capa.' : 'Ordem das fotos salva.');
});

/** "Opções": up to 3 rows of "Nome da opção" and "Valores" (comma-separated); all combinations at once. */
export const saveOptionsAction = merchantAction(
  { name: 'save-options', permission: 'catalog:edit', onError: (_error, form) => refused(UNEXPECTED, undefined, typedValues(form)) },
  async (form: FormData, { merchant }) => {
    const id = idOf(form);
    if (!id) return refused('Produto não encontrado.');
    const rows = Array.from({ length: MAX_OPTIONS + 1 }, (_, i) => ({ name: String(form.get(`optionName${i}`) ?? ''), values: String(form.get(`optionValues${i}`) ?? '') }));
    const saved = await saveOptions(id, rows);
    if (!saved.ok) return refused(saved.error, saved.fieldErrors, typedValues(form));
    logger().info({ actor: merchant.id, productId: id }, 'product options saved');
    revalidateCatalog();
    return done(saved.message);
  },
);

/** "Variantes": the grid, every row in one transaction (stale stock refused, nothing written). */
export const saveVariantsAction = merchantAction(
  { name: 'save-variants', permission: 'catalog:edit', onError: (_error, form) => refused(UNEXPECTED, undefined, typedValues(form)) },
  async (form: FormData, { merchant }) => {
    const id = idOf(form);
    if (!id) return refused('Produto não encontrado.');
    const parsed = parseVariantGrid(form);
    if (!parsed.ok) return refused(INVALID_FORM, parsed.fieldErrors, typedValues(form));
    const saved = await saveVariantGrid(id, parsed.rows);
    if (!saved.ok) {
      const values = typedValues(form);
      if (saved.currentStock) {
        // That row now shows (and compares with) the stock as it is; everything else stays as typed.
        const now = saved.currentStock.stock === null ? '' : String(saved.currentStock.stock);
        values[`v${saved.currentStock.variantId}-stock`] = now;
        values[`v${saved.currentStock.variantId}-stockShown`] = now;
      }
      return refused(saved.error, saved.fieldErrors, values);
    }
    logger().info({ actor: merchant.id, productId: id, variants: parsed.rows.length }, 'product variants saved');
    revalidateCatalog();
    return done(saved.message);
  },
);

function revalidateCategories() {
  revalidatePath('/dashboard/produtos', 'layout');
  revalidatePath('/', 'layout');
}

/** "Nova categoria". */
export const createCategoryAction = merchantAction({ name: 'create-category', permission: 'catalog:edit' }, async (form: FormData, { merchant }) => {
  const saved = await createCategory(String(form.get('name') ?? ''));
  if (!saved.ok) return refused(saved.error, { name: saved.error }, typedValues(form));
  logger().info({ actor: merchant.id, categoryId: saved.id }, 'category created');
  revalidateCategories();
  return done('Categoria criada.');
});

export const removeCategoryAction = merchantAction({ name: 'remove-category', permission: 'catalog:edit' }, async (form: FormData) => {
  const id = idOf(form, 'categoryId');
  if (!id || !(await removeCategory(id))) return refused('Esta categoria não existe mais.');
  revalidateCategories();
  return done('Categoria excluída. Os produtos continuam na loja.');
});

/** A product's "Categorias" (checkboxes). */
export const saveProductCategoriesAction = merchantAction({ name: 'save-product-categories', permission: 'catalog:edit' }, async (form: FormData) => {
  const id = idOf(form);
  if (!id) return refused('Produto não encontrado.');
  const ids = form
    .getAll('categoryIds')
    .filter((v): v is string => typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v))
    .map(Number);
  if (!(await setProductCategories(id, ids))) return refused('Este produto não existe mais.');
  revalidateCategories();
  return done('Categorias salvas.');
});
