/**
 * The Cloud API client against the embedded sandbox (in memory), every error class: what is
 * retried (throughput, a slow answer, 5xx, the network) and what is given up (the token, a
 * template missing or not approved, wrong parameters, the 24-hour window), and the statuses the
 * sandbox posts back, signed as Meta signs them.
 */
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeWhatsappSandbox, createWhatsappSandbox, receiveReply, setTemplateStatus, tick, type WhatsappSandbox } from '@balcao/whatsapp-sandbox';
import { classify, cloudApi, reasonInWords, WhatsappError } from './cloud-api';
import { buildTemplate, type MessageData } from './messages';
import { inProcessFetch } from './sandbox';

const SECRET = 'segredo-do-app';
let sb: WhatsappSandbox;
let clock: number;
let posted: { raw: string; signature: string }[];

beforeEach(() => {
  clock = Date.parse('2026-03-10T12:00:00Z');
  posted = [];
  sb = createWhatsappSandbox({
    file: ':memory:',
    now: () => clock,
    tokens: ['tk_ok'],
    appSecret: SECRET,
    deliver: async (raw, signature) => {
      posted.push({ raw, signature });
      return 200;
    },
    slowMs: 200,
  });
});
afterEach(() => closeWhatsappSandbox(sb));

const api = (token = 'tk_ok', timeoutMs = 1_000) => cloudApi({ baseUrl: 'http://embedded.invalid', token, phoneNumberId: '100000000000001', fetch: inProcessFetch(sb), timeoutMs });
const DATA: MessageData = {
  shopName: 'Café do Ponto',
  orderLabel: '#1042',
  orderToken: 'tok123',
  method: 'pix',
  totalCents: 123456,
  pixCode: '00020126580014br.gov.bcb.pix0136pix@sandbox.balcao.invalid5204000053039865406100.005802BR6304ABCD',
  payableUntil: '2026-03-11',
  digitableLine: null,
  dueDate: null,
  trackingCode: null,
  trackingUrl: null,
  hasInvoice: false,
};
const pix = () => {
  const b = buildTemplate('instructions', DATA);
  if (!b.ok) throw new Error(b.reason);
  return b.template;
};
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof WhatsappError) return { kind: e.kind, code: e.code };
    throw e;
  }
  throw new Error('it did not fail');
};
const statusesOf = () =>
  posted.flatMap((p) => (JSON.parse(p.raw).entry[0].changes[0].value.statuses ?? []) as { id: string; status: string; errors?: { code: number }[] }[]);

describe('the client against the sandbox', () => {
  it('sends a template: a wamid back; sent, delivered, read follow on the clock, each signed with the app secret', async () => {
    const { wamid } = await api().sendTemplate('+5511987654321', pix());
    expect(wamid).toMatch(/^wamid\./);
    await tick(sb);
    clock += 2_000;
    await tick(sb);
    clock += 6_000;
    await tick(sb);
    expect(statusesOf().map((s) => [s.id, s.status])).toEqual([
      [wamid, 'sent'],
      [wamid, 'delivered'],
      [wamid, 'read'],
    ]);
    for (const p of posted) expect(p.signature).toBe(`sha256=${createHmac('sha256', SECRET).update(p.raw).digest('hex')}`);
  });

  it('an unknown token is "unauthorized" (190), never retried', async () => {
    expect(await failure(api('tk_wrong').sendTemplate('+5511987654321', pix()))).toEqual({ kind: 'unauthorized', code: 190 });
  });

  it('a template not approved (or missing) is given up with 132001, named in words', async () => {
    setTemplateStatus(sb, 'balcao_instrucoes_pix', 'PENDING');
    expect(await failure(api().sendTemplate('+5511987654321', pix()))).toEqual({ kind: 'permanent', code: 132001 });
    expect(reasonInWords(132001)).toBe('modelo de mensagem inexistente ou não aprovado');
    expect(await failure(api().sendTemplate('+5511987654321', { ...pix(), name: 'nao_existe' }))).toEqual({ kind: 'permanent', code: 132001 });
  });

  it('wrong parameters are given up: a count that does not match (132000), a line break (100)', async () => {
    const t = pix();
    expect(await failure(api().sendTemplate('+5511987654321', { ...t, components: [{ type: 'body', parameters: [{ type: 'text', text: 'só um' }] }] }))).toEqual({ kind: 'permanent', code: 132000 });
    const broken = { ...t, components: [{ type: 'body' as const, parameters: [1, 2, 3, 4, 5].map((n) => ({ type: 'text' as const, text: n === 5 ? 'a\nb' : String(n) })) }] };
    expect(await failure(api().sendTemplate('+5511987654321', broken))).toEqual({ kind: 'permanent', code: 100 });
  });

  it('rate limited (suffix 9998) is retried: 130429', async () => {
    expect(await failure(api().sendTemplate('+5511987659998', pix()))).toEqual({ kind: 'retry', code: 130429 });
  });

  it('a slow answer (suffix 9997) is abandoned at the timeout and retried later', async () => {
    expect(await failure(api('tk_ok', 50).sendTemplate('+5511987659997', pix()))).toEqual({ kind: 'retry', code: null });
  });

  it('undeliverable (suffix 9999) is accepted, then a failed status with 131026 arrives', async () => {
    const { wamid } = await api().sendTemplate('+5511987659999', pix());
    clock += 1_000;
    await tick(sb);
    const failed = statusesOf().find((s) => s.status === 'failed');
    expect(failed).toMatchObject({ id: wamid, errors: [{ code: 131026 }] });
    expect(reasonInWords(131026)).toBe('o número não recebe mensagens de WhatsApp');
  });

  it('free text only inside the 24-hour window the buyer opened (131047 outside)', async () => {
    expect(await failure(api().sendText('+5511987654321', 'oi'))).toEqual({ kind: 'permanent', code: 131047 });
    receiveReply(sb, { from: '5511987654321', text: 'SAIR', phoneNumberId: '100000000000001' });
    expect((await api().sendText('+5511987654321', 'Você não receberá mais mensagens desta loja.')).wamid).toMatch(/^wamid\./);
    clock += 24 * 3600 * 1000 + 1;
    expect(await failure(api().sendText('+5511987654321', 'oi'))).toEqual({ kind: 'permanent', code: 131047 });
  });

  it('reads the number and the templates with their approval state', async () => {
    setTemplateStatus(sb, 'balcao_pedido_enviado', 'REJECTED');
    expect((await api().phoneNumber()).displayNumber).toBe('+55 11 4000-0000');
    const list = await api().templates('100000000000002');
    expect(list.find((t) => t.name === 'balcao_pedido_enviado')).toMatchObject({ status: 'REJECTED', language: 'pt_BR' });
    expect(list.find((t) => t.name === 'balcao_lembrete_carrinho')).toMatchObject({ status: 'APPROVED', category: 'MARKETING' });
  });

  it('classifies by code first, then by status; the network and 5xx are retried', async () => {
    expect(classify(500, null)).toBe('retry');
    expect(classify(400, 131000)).toBe('retry');
    expect(classify(400, 131048)).toBe('retry');
    expect(classify(400, 131047)).toBe('permanent');
    expect(classify(403, 10)).toBe('unauthorized');
    const down = cloudApi({ baseUrl: 'http://x.invalid', token: 't', phoneNumberId: '1', fetch: (async () => { throw new TypeError('fetch failed'); }) as typeof fetch });
    expect(await failure(down.sendText('+5511987654321', 'x'))).toEqual({ kind: 'retry', code: null });
    const weird = cloudApi({ baseUrl: 'http://x.invalid', token: 't', phoneNumberId: '1', fetch: (async () => new Response('<html>', { status: 502 })) as typeof fetch });
    expect(await failure(weird.sendText('+5511987654321', 'x'))).toEqual({ kind: 'retry', code: null });
  });
});
