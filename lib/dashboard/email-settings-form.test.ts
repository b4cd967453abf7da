import { describe, expect, it } from 'vitest';
import { parseEmailSettingsForm } from './email-settings-form';

const form = (o: Record<string, string>) => ({ get: (k: string) => o[k] ?? null });

describe('parseEmailSettingsForm', () => {
  it('reads the sender, an optional reply-to and the switches (unchecked boxes are absent)', () => {
    expect(parseEmailSettingsForm(form({ senderName: ' Café do Zé ', replyTo: '', sendInstructions: 'on', sendPaid: 'on' }))).toEqual({
      ok: true,
      value: { senderName: 'Café do Zé', replyTo: null, sendInstructions: true, sendPaid: true, sendReminders: false, sendRefunded: false, sendEnded: false },
    });
  });
  it('puts each error next to its field and keeps what was typed', () => {
    const r = parseEmailSettingsForm(form({ senderName: 'Loja "X" <a@b>', replyTo: 'contato@' }));
    expect(r).toEqual({
      ok: false,
      fieldErrors: { senderName: 'Não use aspas, < > ou barras no nome.', replyTo: 'Informe um e-mail válido, como contato@sualoja.com.br.' },
      values: { senderName: 'Loja "X" <a@b>', replyTo: 'contato@' },
    });
    expect(parseEmailSettingsForm(form({ senderName: '  ' }))).toMatchObject({ ok: false, fieldErrors: { senderName: 'Informe o nome que aparece como remetente.' } });
  });
});
