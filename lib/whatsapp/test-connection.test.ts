/** "Testar conexão" against the embedded sandbox: the token, then every template's approval, naming those not approved; the form's checks. */
import { describe, expect, it } from 'vitest';
import { setTemplateStatus } from '@balcao/whatsapp-sandbox';
import { whatsappSandbox } from './sandbox';
import { parseWhatsappForm } from './settings-form';
import { whatsappSettingsOf } from './settings';
import { testWhatsappConnection } from './test-connection';

const on = whatsappSettingsOf(undefined);

describe('Testar conexão', () => {
  it('connected with every template approved; then names the one in review and the one rejected', async () => {
    expect(await testWhatsappConnection(on)).toMatchObject({ ok: true, message: expect.stringContaining('Todos os modelos estão aprovados') });
    setTemplateStatus(whatsappSandbox(), 'balcao_pedido_enviado', 'PENDING');
    setTemplateStatus(whatsappSandbox(), 'balcao_lembrete_carrinho', 'REJECTED');
    const r = await testWhatsappConnection(on);
    expect(r.ok).toBe(false);
    expect(r.message).toContain('balcao_pedido_enviado (em análise), balcao_lembrete_carrinho (rejeitado)');
    expect(r.message).not.toContain('balcao_instrucoes_pix');
  });

  it('a typed token goes to Meta (never the network here: a stand-in answers 190) and is refused in words', async () => {
    const seen: string[] = [];
    const meta = (async (url: string) => {
      seen.push(String(url));
      return Response.json({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } }, { status: 401 });
    }) as unknown as typeof fetch;
    const r = await testWhatsappConnection({ ...on, phoneNumberId: '123', businessAccountId: '456' }, meta, 'EAAGtokenErradoMasComFormato');
    expect(r).toEqual({ ok: false, message: 'Não foi possível conectar: token de acesso inválido ou expirado.' });
    expect(seen[0]).toBe('https://graph.facebook.com/v21.0/123');
  });
});

describe('the settings form', () => {
  const form = (o: Record<string, string>) => ({ get: (k: string) => o[k] ?? null });
  it('keeps the secrets when blank, drops both with "Remover", checks the ids', () => {
    const kept = parseWhatsappForm(form({ enabled: 'on', phoneNumberId: '100000000000001', sendPaid: 'on' }));
    expect(kept).toMatchObject({ ok: true, value: { enabled: true, sendPaid: true, sendInstructions: false } });
    expect(kept.ok && 'token' in kept.value).toBe(false);
    const removed = parseWhatsappForm(form({ removeCredentials: 'on' }));
    expect(removed.ok && removed.value).toMatchObject({ token: '', appSecret: '' });
    const bad = parseWhatsappForm(form({ phoneNumberId: 'abc', token: 'x' }));
    expect(bad.ok).toBe(false);
    expect(!bad.ok && Object.keys(bad.fieldErrors)).toEqual(['phoneNumberId', 'token']);
  });
});
