'use server';

import { revalidatePath } from 'next/cache';
import { done, refused, INVALID_FORM, merchantAction } from '@/lib/auth';
import { typedValues } from '@/lib/forms/typed-values';
import { logger } from '@/lib/server/log';
import { recordRequestActivity } from '@/lib/security';
import { getShopIdentity, savePolicies, saveShopIdentity, parsePoliciesForm, parseShopIdentityForm } from '@/lib/shop';
import { logoChangeOf } from '@/lib/shop/logo';

/** Configurações → Loja, through the one envelope: the shop's own voice is `shop:edit`. */
export const saveShopIdentityAction = merchantAction(
  {
    name: 'save-shop-identity',
    permission: 'shop:edit',
    parse: (form) => {
      const parsed = parseShopIdentityForm(form);
      return parsed.ok ? { ok: true, value: parsed } : parsed;
    },
  },
  async ({ value, removeLogo }, { merchant, form }) => {
    const logo = await logoChangeOf(form.get('logo'), removeLogo);
    if (!logo.ok) return refused(INVALID_FORM, { logo: logo.message }, typedValues(form));
    await saveShopIdentity(value, logo.change);
    logger().info({ actor: merchant.id }, 'shop identity updated');
    await recordRequestActivity({ actor: merchant, action: 'settings', summary: 'Alterou os dados da loja', target: 'loja' });
    // Every page shows the shop's name and colours.
    revalidatePath('/', 'layout');
    return done('Dados da loja salvos.');
  },
);

/** The three policy pages' texts (Markdown; empty = the default text). */
export const savePoliciesAction = merchantAction({ name: 'save-policies', permission: 'shop:edit', parse: parsePoliciesForm }, async (texts, { merchant }) => {
  await savePolicies(texts, await getShopIdentity());
  logger().info({ actor: merchant.id }, 'shop policies updated');
  await recordRequestActivity({ actor: merchant, action: 'settings', summary: 'Alterou as políticas da loja', target: 'políticas' });
  revalidatePath('/', 'layout');
  return done('Políticas salvas.');
});
