/** The e-mail settings form → EmailSettings, each error on its field (pt-BR). Pure. */
import { EMAIL_SWITCHES, emailSettingsSchema, type EmailSettings } from '@/lib/email/settings';
import { typedValues } from '@/lib/forms/typed-values';

export type EmailSettingsParse =
  | { ok: true; value: EmailSettings }
  | { ok: false; fieldErrors: Partial<Record<'replyTo' | 'notificationEmails', string>>; values: Record<string, string> };

export function parseEmailSettingsForm(form: { get(name: string): unknown }): EmailSettingsParse {
  const values = typedValues(form, ['replyTo', 'notificationEmails']);
  const parsed = emailSettingsSchema.safeParse({
    ...values,
    ...Object.fromEntries(EMAIL_SWITCHES.map((s) => [s, form.get(s) === 'on'])),
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors: Partial<Record<'replyTo' | 'notificationEmails', string>> = {};
  for (const issue of parsed.error.issues) {
    const f = issue.path[0];
    if ((f === 'replyTo' || f === 'notificationEmails') && !fieldErrors[f]) fieldErrors[f] = issue.message;
  }
  return { ok: false, fieldErrors, values };
}
