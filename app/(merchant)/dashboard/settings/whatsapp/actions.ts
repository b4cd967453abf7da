'use server';

import { revalidatePath } from 'next/cache';
import { done, refused, merchantAction } from '@/lib/auth';
import { logger } from '@/lib/server/log';
import { recordRequestActivity } from '@/lib/security';
import { parseWhatsappForm, getWhatsappSettings, saveWhatsappSettings, testWhatsappConnection } from '@/lib/whatsapp';

/**
 * Configurações → "WhatsApp": saves (token and app secret sealed; blank keeps them), or with
 * "Testar conexão" checks the token and the templates — without saving. Only who manages the
 * integrations (not the Atendente, not the demonstration account).
 */
export const saveWhatsappAction = merchantAction(
  {
    name: 'save-whatsapp',
    permission: 'integrations:manage',
    parse: (form) => {
      const parsed = parseWhatsappForm(form);
      if (!parsed.ok) return { ok: false, fieldErrors: parsed.fieldErrors, values: parsed.values };
      return { ok: true, value: { ...parsed.value, test: form.get('intent') === 'test' } };
    },
  },
  async ({ test, ...input }, { merchant }) => {
    if (test) {
      const stored = await getWhatsappSettings();
      const trial = { ...stored, phoneNumberId: input.phoneNumberId || stored.phoneNumberId, businessAccountId: input.businessAccountId || stored.businessAccountId };
      // A token typed and not yet saved is tried as it is (sealed nowhere).
      const answer = await testWhatsappConnection(input.token ? { ...trial, tokenSealed: null } : trial, undefined, input.token);
      return answer.ok ? done(answer.message) : refused(answer.message);
    }
    await saveWhatsappSettings(input);
    logger().info({ actor: merchant.id }, 'whatsapp settings updated');
    const changed = [input.enabled ? 'ligado' : 'desligado', input.token !== undefined ? 'token alterado' : null, input.appSecret !== undefined ? 'chave secreta alterada' : null].filter(Boolean).join(', ');
    await recordRequestActivity({ actor: merchant, action: 'settings', summary: `Alterou o WhatsApp (${changed})`, target: 'whatsapp' });
    revalidatePath('/dashboard/settings/whatsapp');
    return done('WhatsApp salvo. Vale para as próximas mensagens.');
  },
);
