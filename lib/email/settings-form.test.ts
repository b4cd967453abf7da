import { describe, expect, it } from 'vitest';
import { parseEmailSettingsForm } from './settings-form';

const form = (o: Record<string, string>) => ({ get: (k: string) => o[k] ?? null });

describe('parseEmailSettingsForm', () => {
  it('reads an optional reply-to and the switches (unchecked boxes are absent)', () => {
    expect(parseEmailSettingsForm(form({ replyTo: '', sendInstructions: 'on', sendPaid: 'on' }))).toEqual({
      ok: true,
      value: {
        replyTo: null,
        sendInstructions: true,
        sendPaid: true,
        sendReminders: false,
        sendRefunded: false,
        sendEnded: false,
        sendShipped: false,
        sendReadyForPickup: false,
        sendDelivered: false,
        sendNewSale: false,
        sendLatePayment: false,
        notificationEmails: '',
      },
    });
  });
  it('puts each error next to its field and keeps what was typed', () => {
    const r = parseEmailSettingsForm(form({ replyTo: 'contato@' }));
    expect(r).toEqual({
      ok: false,
      fieldErrors: { replyTo: 'Informe um e-mail válido, como contato@sualoja.com.br.' },
      values: { replyTo: 'contato@', notificationEmails: '' },
    });
    expect(parseEmailSettingsForm(form({ notificationEmails: 'dono@loja.com, vendas@' }))).toMatchObject({
      ok: false,
      fieldErrors: { notificationEmails: '"vendas@" não é um e-mail válido. Separe os e-mails com vírgula.' },
    });
  });
});

describe('the alerts list', () => {
  it('takes addresses separated by commas, semicolons or lines, lower-cased and without repeats', () => {
    const r = parseEmailSettingsForm(form({ senderName: 'Loja', notificationEmails: 'Dono@Loja.com;\nvendas@loja.com , dono@loja.com' }));
    expect(r).toMatchObject({ ok: true, value: { notificationEmails: 'dono@loja.com, vendas@loja.com' } });
  });
  it('at most five', () => {
    const six = Array.from({ length: 6 }, (_, i) => `p${i}@loja.com`).join(',');
    expect(parseEmailSettingsForm(form({ senderName: 'Loja', notificationEmails: six }))).toMatchObject({ ok: false, fieldErrors: { notificationEmails: 'Use no máximo 5 e-mails.' } });
  });
});
