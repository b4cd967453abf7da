'use server';

import { revalidatePath } from 'next/cache';
import { done, refused, merchantAction } from '@/lib/auth';
import { logger } from '@/lib/server/log';
import { recordRequestActivity } from '@/lib/security';
import { parseShippingForm, saveShippingRules, parseCarrierForm, getCarrierSettings, saveCarrierSettings, testConnection, testConnectionWithToken, clearQuoteCache } from '@/lib/shipping';

/** Configurações → Entrega, through the one envelope (lib/auth/merchant-action.ts). */
export const saveShippingAction = merchantAction(
  {
    name: 'save-shipping',
    permission: 'settings:edit',
    parse: (form) => {
      const parsed = parseShippingForm(form);
      return parsed.ok ? { ok: true, value: parsed.rules } : parsed;
    },
  },
  async (rules, { merchant }) => {
    await saveShippingRules(rules);
    logger().info({ actor: merchant.id }, 'shipping rules updated');
    await recordRequestActivity({ actor: merchant, action: 'settings', summary: 'Alterou as regras de entrega', target: 'entrega' });
    revalidatePath('/dashboard/settings/shipping');
    return done('Regras de entrega salvas. Valem para os próximos pedidos.');
  },
);

/**
 * "Melhor Envio": saves the carrier settings (the token sealed; blank keeps it), or with
 * "Testar conexão" answers with the account's name or the error — without saving.
 */
export const saveCarrierAction = merchantAction(
  {
    name: 'save-carrier',
    permission: 'settings:edit',
    parse: (form) => {
      const parsed = parseCarrierForm(form);
      if (!parsed.ok) return { ok: false, fieldErrors: parsed.fieldErrors, values: parsed.values };
      return { ok: true, value: { ...parsed.value, test: form.get('intent') === 'test' } };
    },
  },
  async ({ test, ...settings }, { merchant }) => {
    if (test) {
      const stored = await getCarrierSettings();
      const trial = settings.token ? { ...stored, ...settings, tokenSealed: null } : { ...stored, ...settings };
      const answer = settings.token ? await testConnectionWithToken(trial, settings.token) : await testConnection(trial);
      return answer.ok ? done(`Conectado: ${answer.name}.`) : refused(answer.message);
    }
    await saveCarrierSettings(settings);
    clearQuoteCache();
    logger().info({ actor: merchant.id }, 'carrier settings updated');
    await recordRequestActivity({ actor: merchant, action: 'settings', summary: 'Alterou o Melhor Envio', target: 'entrega' });
    revalidatePath('/dashboard/settings/shipping');
    return done('Melhor Envio salvo. Vale para os próximos pedidos.');
  },
);
