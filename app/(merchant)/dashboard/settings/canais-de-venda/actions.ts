'use server';

import { revalidatePath } from 'next/cache';
import { done, refused, type ActionState, merchantAction } from '@/lib/auth';
import { verifyFeeds } from '@/lib/feeds/serve';
import { BRAND_MAX, rotateFeedToken, saveCategoryMappings, saveFeedSettings } from '@/lib/feeds/settings';

const PAGE = '/dashboard/settings/canais-de-venda';

/** Configurações → "Canais de venda": brand, digital products, the secret token, each category's Google category. */
export const saveFeedSettingsAction = merchantAction({ name: 'feed-settings', permission: 'settings:edit' }, async (form: FormData): Promise<ActionState> => {
  const brand = String(form.get('marca') ?? '').trim();
  if (brand.length > BRAND_MAX) return refused('Confira os campos destacados.', { marca: `A marca pode ter até ${BRAND_MAX} caracteres.` }, { marca: brand });
  await saveFeedSettings({ brand, includeDigital: form.get('digitais') === 'on', requireToken: form.get('codigo') === 'on' });
  const mappings = [...form.keys()]
    .filter((k) => /^categoria-\d{1,9}$/.test(k))
    .map((k) => ({ categoryId: Number(k.slice('categoria-'.length)), googleCategory: String(form.get(k) ?? '') }));
  await saveCategoryMappings(mappings);
  revalidatePath(PAGE);
  return done('Canais de venda salvos.');
});

export const rotateFeedTokenAction = merchantAction({ name: 'feed-token', permission: 'settings:edit' }, async (): Promise<ActionState> => {
  await rotateFeedToken();
  revalidatePath(PAGE);
  return done('Novo código criado: atualize o endereço no Google e no Meta.');
});

export type VerifyState = { at: number; items: number; problems: string[] } | null;

/** "Verificar feed": the feeds as they would be generated now, checked against the required fields. */
export const verifyFeedAction = merchantAction<FormData, ActionState>({ name: 'feed-verify', permission: 'dashboard:view' }, async (): Promise<ActionState> => {
  const r = await verifyFeeds();
  const head = `${r.items} ${r.items === 1 ? 'item' : 'itens'} no feed.`;
  if (r.problems.length === 0) return done(`${head} Nenhum problema encontrado.`);
  return refused(`${head} Problemas: ${r.problems.join('; ')}.`);
});
