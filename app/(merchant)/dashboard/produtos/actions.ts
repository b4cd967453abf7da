'use server';
/**
 * The catalog's server actions, through the one envelope (lib/auth/merchant-action.ts:
 * session, `catalog:edit`, parsing, outcome), each calling one use-case in lib/catalog.
 * (Photo uploads go to a route handler: app/api/dashboard/products/[id]/photos.)
 */
import { revalidatePath } from 'next/cache';
import { done, refused, UNEXPECTED, INVALID_FORM, merchantAction } from '@/lib/auth';
import { typedValues } from '@/lib/forms/typed-values';
import { removeProduct, restoreProduct, saveProduct, STOCK_CHANGED, movePhoto, removePhoto, saveOptions, createCategory, removeCategory, setProductCategories, saveProductWithVariants } from '@/lib/catalog';
import { parseProductForm, shownStockOf, parseVariantGrid, MAX_OPTIONS } from '@/lib/catalog/forms';
import { logger } from '@/lib/server/log';
import { parseBRLInput } from '@balcao/br/money';
import type { Role } from '@/lib/auth/permissions';
import { saveOffer } from '@/lib/checkout';
import { productDigitalOf, removeDigital, saveDigitalContent } from '@/lib/digital';
import { recordRequestActivity } from '@/lib/security';
import { confirmPriceChange, parsePlanForm, savePlan } from '@/lib/subscriptions';

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
    if (id !== null) return saveEditor(id, form, merchant);
    const parsed = parseProductForm(form);
    if (!parsed.ok) return refused(INVALID_FORM, parsed.fieldErrors, parsed.values);
    const saved = await saveProduct(null, parsed.value);
    if (!saved.ok) return refused(INVALID_FORM, saved.fieldErrors, typedValues(form));
    logger().info({ actor: merchant.id, productId: saved.id, created: true }, 'product saved');
    revalidateCatalog(saved.slug);
    // A new product goes on to its page, where its photos are added.
    return { redirect: `/dashboard/produtos/${saved.id}?criado=1` };
  },
);

/** What was typed, with every checked category (typedValues keeps one value a name). */
function typedEditor(form: FormData): Record<string, string> {
  return { ...typedValues(form), categoryIds: form.getAll('categoryIds').filter((v) => typeof v === 'string').join(',') };
}

/**
 * The product editor's one "Salvar produto": every block is read and checked first; then the
 * product and its variants' grid in one transaction; then the options (only when changed), the
 * categories, the subscription plan, the checkout offer and the digital delivery, each a
 * use-case of its own. A block the page did not show is not in the form and stays as it is.
 * Digital fields count only when "Produto digital" is checked: a physical product ignores them.
 */
async function saveEditor(id: number, form: FormData, merchant: { id: number; email: string; role: Role | null }) {
  const product = parseProductForm(form);
  const grid = form.has('variantIds') ? parseVariantGrid(form) : ({ ok: true, rows: [] } as const);
  const plan = form.has('subscriptionInterval') ? parsePlanForm(form) : null;
  const digital = form.get('digital') === 'on';
  const digitalKind = String(form.get('digitalKind') ?? '');
  const fieldErrors: Record<string, string> = { ...(product.ok ? {} : product.fieldErrors), ...(grid.ok ? {} : grid.fieldErrors) };
  const discount = plan && !plan.success ? plan.error.issues.find((i) => i.path[0] === 'discountPercent') : undefined;
  if (plan && !plan.success) fieldErrors.subscriptionDiscount = discount?.message ?? 'Confira a assinatura.';
  if (!product.ok || Object.keys(fieldErrors).length > 0) return refused(INVALID_FORM, fieldErrors, typedEditor(form));

  // A product turned digital ships nothing: no weight nor size is asked of it.
  const values = digital && (digitalKind === 'link' || digitalKind === 'text') ? { ...product.value, requiresShipping: false } : product.value;
  const saved = await saveProductWithVariants(id, values, shownStockOf(form), grid.ok ? grid.rows : []);
  if (saved.variants) {
    const typed = typedEditor(form);
    if (saved.variants.currentStock) {
      // That row now shows (and compares with) the stock as it is; everything else stays as typed.
      const now = saved.variants.currentStock.stock === null ? '' : String(saved.variants.currentStock.stock);
      typed[`v${saved.variants.currentStock.variantId}-stock`] = now;
      typed[`v${saved.variants.currentStock.variantId}-stockShown`] = now;
    }
    return refused(saved.variants.error, saved.variants.fieldErrors, typed);
  }
  if (!saved.product.ok) {
    const typed = typedEditor(form);
    if (saved.product.currentStock !== undefined) {
      // Everything typed stays; the stock field (and what the form now "showed") becomes the
      // current stock, so the merchant sees it and the next save compares with it.
      const now = saved.product.currentStock === null ? '' : String(saved.product.currentStock);
      const was = typed.stock ?? '';
      const said = `${STOCK_CHANGED}. Estoque agora: ${now === '' ? 'não controlado' : now}${was !== now ? ` (você tinha digitado ${was === '' ? 'em branco' : was})` : ''}.`;
      return refused(said, saved.product.fieldErrors, { ...typed, stock: now, stockShown: now });
    }
    return refused(INVALID_FORM, saved.product.fieldErrors, typed);
  }
  const said = ['Produto salvo.'];
  // The rest is saved after the product: a refusal below says the product itself was kept.
  const kept = (error: string, errors: Record<string, string>) => refused(`Produto salvo, mas ${error.charAt(0).toLowerCase()}${error.slice(1)}`, errors, typedEditor(form));

  if (form.has('optionName0')) {
    const rows = Array.from({ length: MAX_OPTIONS + 1 }, (_, i) => ({ name: String(form.get(`optionName${i}`) ?? ''), values: String(form.get(`optionValues${i}`) ?? '') }));
    const options = await saveOptions(id, rows);
    if (!options.ok) return kept(`as opções não: ${options.error}`, options.fieldErrors ?? {});
    if (options.message) said.push(options.message);
  }
  if (form.has('categoriesShown')) {
    const ids = form
      .getAll('categoryIds')
      .filter((v): v is string => typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v))
      .map(Number);
    await setProductCategories(id, ids);
  }
  if (plan?.success) {
    await savePlan(id, plan.data);
    // A changed price or discount reaches running subscriptions only after their notice.
    const noticed = form.get('applyToSubscribers') === 'on' ? await confirmPriceChange(id, `merchant:${merchant.id}`) : 0;
    if (noticed > 0) said.push(`${noticed} ${noticed === 1 ? 'assinante avisado' : 'assinantes avisados'} do novo preço (vale a partir da próxima cobrança).`);
  }
  if (form.has('offered')) {
    const str = (k: string) => String(form.get(k) ?? '').slice(0, 200);
    const price = str('offerPrice');
    const offer = await saveOffer(id, { offered: str('offered'), priceCents: price.trim() ? parseBRLInput(price) : null, text: str('offerText') });
    if (!offer.ok) return kept(`a oferta no checkout não: ${offer.error}`, { [`offer-${offer.field}`]: offer.error });
  }
  const current = await productDigitalOf(id);
  if (digital && (digitalKind === 'link' || digitalKind === 'text')) {
    const typed = { kind: digitalKind, url: String(form.get('digitalUrl') ?? ''), text: String(form.get('digitalText') ?? '') };
    const unchanged = current?.kind === typed.kind && (typed.kind === 'link' ? current.url === typed.url.trim() : current.text === typed.text.trim());
    if (!unchanged) {
      const d = await saveDigitalContent(id, typed);
      if (!d.ok) return kept('a entrega digital não: confira o campo destacado.', Object.fromEntries(Object.entries(d.fieldErrors).map(([k, v]) => [`digital-${k}`, v])));
      // The log says what changed, never the link or the text (they are what buyers pay for).
      await recordRequestActivity({ actor: merchant, action: 'catalog', summary: `Produto digital salvo (${digitalKind === 'text' ? 'texto' : 'link'})`, target: `produto ${id}` });
      said.push('Quem comprar recebe o acesso assim que o pagamento for confirmado.');
    }
  } else if (!digital && current && form.has('digitalShown')) {
    await removeDigital(id);
    await recordRequestActivity({ actor: merchant, action: 'catalog', summary: 'Produto deixou de ser digital', target: `produto ${id}` });
    said.push('O produto deixou de ser digital.');
  }
  logger().info({ actor: merchant.id, productId: id, variants: grid.ok ? grid.rows.length : 0 }, 'product saved');
  revalidateCatalog(saved.product.slug);
  revalidatePath('/', 'layout');
  return done(said.join(' '));
}

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
