/**
 * Configurações → "WhatsApp": the form's fields ↔ the settings. The token and the app secret are
 * never filled back (sealed); blank keeps the stored one, "Remover credenciais" drops both.
 */
import type { WhatsappSettings, WhatsappSettingsInput } from './settings';
import { typedValues } from '@/lib/forms/typed-values';

export const SWITCH_FIELDS = ['sendInstructions', 'sendPaid', 'sendShipped', 'sendCartReminder', 'sendReviewRequest'] as const;

export type WhatsappFormResult = { ok: true; value: WhatsappSettingsInput } | { ok: false; error: string; fieldErrors: Record<string, string>; values: Record<string, string> };

export function whatsappFormValues(s: WhatsappSettings): Record<string, string> {
  return {
    enabled: s.enabled ? 'on' : '',
    phoneNumberId: s.phoneNumberId,
    businessAccountId: s.businessAccountId,
    ...Object.fromEntries(SWITCH_FIELDS.map((k) => [k, s[k] ? 'on' : ''])),
  };
}

export function parseWhatsappForm(form: { get(name: string): unknown }): WhatsappFormResult {
  const values: Record<string, string> = typedValues(form, ['enabled', 'phoneNumberId', 'businessAccountId', ...SWITCH_FIELDS], { trim: true, maxLength: 500 });
  const fieldErrors: Record<string, string> = {};
  if (values.phoneNumberId && !/^\d{5,20}$/.test(values.phoneNumberId)) fieldErrors.phoneNumberId = 'O ID do número tem só dígitos (veja em WhatsApp → Configuração da API).';
  if (values.businessAccountId && !/^\d{5,20}$/.test(values.businessAccountId)) fieldErrors.businessAccountId = 'O ID da conta tem só dígitos.';
  // The secrets are read apart: never typed back into the page.
  const { token, appSecret, removeCredentials } = typedValues(form, ['token', 'appSecret', 'removeCredentials'], { trim: true, maxLength: 500 });
  if (token && !/^[A-Za-z0-9_-]{20,500}$/.test(token)) fieldErrors.token = 'Token inválido: copie o token de acesso permanente do usuário do sistema.';
  if (appSecret && !/^[A-Za-z0-9]{16,64}$/.test(appSecret)) fieldErrors.appSecret = 'Chave inválida: copie a "Chave secreta do app" em Configurações do app → Básico.';
  if (token && !values.phoneNumberId) fieldErrors.phoneNumberId = 'Informe o ID do número do WhatsApp.';
  if (Object.keys(fieldErrors).length > 0) return { ok: false, error: 'Confira os campos destacados.', fieldErrors, values };
  const remove = removeCredentials === 'on';
  return {
    ok: true,
    value: {
      enabled: values.enabled === 'on',
      phoneNumberId: values.phoneNumberId,
      businessAccountId: values.businessAccountId,
      sendInstructions: values.sendInstructions === 'on',
      sendPaid: values.sendPaid === 'on',
      sendShipped: values.sendShipped === 'on',
      sendCartReminder: values.sendCartReminder === 'on',
      sendReviewRequest: values.sendReviewRequest === 'on',
      ...(remove ? { token: '', appSecret: '' } : { ...(token ? { token } : {}), ...(appSecret ? { appSecret } : {}) }),
    },
  };
}
