import { describe, expect, it } from 'vitest';
import { parseEmailSettingsForm } from './email-settings-form';

const form = (o: Record<string, string>) => ({ get: (k: string) => o[k] ?? null });

describe('parseEmailSettingsForm', () => {
  it('reads an optional reply-to and the switches (unchecked boxes are absent)', () => {
    expect(parseEmailSettingsForm(form({ replyTo: '', sendInstructions: 'on', sendPaid: 'on' }))).toEqual({
      ok: true,
      value: { replyTo: null, sendInstructions: true, sendPaid: true, sendReminders: false, sendRefunded: false, sendEnded: false },
    });
  });
  it('puts each error next to its field and keeps what was typed', () => {
    const r = parseEmailSettingsForm(form({ replyTo: 'contato@' }));
    expect(r).toEqual({
      ok: false,
      fieldErrors: { replyTo: 'Informe um e-mail válido, como contato@sualoja.com.br.' },
      values: { replyTo: 'contato@' },
    });
  });
});
