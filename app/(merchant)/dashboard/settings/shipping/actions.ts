'use server';

import { revalidatePath } from 'next/cache';
import { done } from '@/lib/auth/action-state';
import { merchantAction } from '@/lib/auth/merchant-action';
import { logger } from '@/lib/server/log';
import { recordRequestActivity } from '@/lib/security/activity';
import { parseShippingForm } from '@/lib/shipping/settings-form';
import { saveShippingRules } from '@/lib/shipping/settings';

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
