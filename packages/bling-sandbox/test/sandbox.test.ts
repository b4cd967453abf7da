import { describe, expect, it } from 'vitest';
import { accessKeyCheckDigit, groupAccessKey, isValidAccessKey, makeAccessKey, parseAccessKey } from '../src/access-key';
import { code128cValues, code128cWidths } from '../src/code128';
import { AUTHORIZE_AFTER_MS, createBlingSandbox, handleBlingCall, SITUATION, type BlingSandbox } from '../src/sandbox';

const CLIENT = { id: 'app', secret: 's3cret', redirectUri: 'http://loja.test/api/dashboard/bling/callback' };
const BASE = 'http://loja.test/api/sandbox/bling';

function sandbox() {
  let t = Date.parse('2026-12-05T15:00:00Z');
  const sb = createBlingSandbox({ clients: [CLIENT], now: () => t, sleep: async (ms) => void (t += ms) });
  return { sb, advance: (ms: number) => (t += ms) };
}

async function call(sb: BlingSandbox, method: string, path: string, o: { token?: string; body?: unknown; form?: Record<string, string>; basic?: string } = {}) {
  const [p, q] = path.split('?');
  return handleBlingCall(sb, {
    method,
    path: p.split('/'),
    query: new URLSearchParams(q ?? ''),
    authorization: o.basic ? `Basic ${o.basic}` : o.token ? `Bearer ${o.token}` : null,
    contentType: o.form ? 'application/x-www-form-urlencoded' : 'application/json',
    body: o.form ? new URLSearchParams(o.form).toString() : o.body === undefined ? '' : JSON.stringify(o.body),
    baseUrl: BASE,
  });
}

const basic = Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64');

async function connect(sb: BlingSandbox) {
  const consent = await call(sb, 'GET', `Api/v3/oauth/authorize?response_type=code&client_id=app&state=xyz`);
  expect(consent.html).toContain('Autorizar');
  const back = await call(sb, 'POST', 'Api/v3/oauth/authorize', { form: { response_type: 'code', client_id: 'app', state: 'xyz', decision: 'allow' } });
  const url = new URL(back.location!);
  expect(url.origin + url.pathname).toBe(CLIENT.redirectUri);
  expect(url.searchParams.get('state')).toBe('xyz');
  const tok = await call(sb, 'POST', 'Api/v3/oauth/token', { basic, form: { grant_type: 'authorization_code', code: url.searchParams.get('code')! } });
  expect(tok.status).toBe(200);
  return tok.json as { access_token: string; refresh_token: string; expires_in: number };
}

async function issue(sb: BlingSandbox, token: string, ncm = '09012100') {
  const contact = await call(sb, 'POST', 'Api/v3/contatos', { token, body: { nome: 'Ana Souza', numeroDocumento: '529.982.247-25', tipo: 'F' } });
  const id = (contact.json as { data: { id: number } }).data.id;
  const note = await call(sb, 'POST', 'Api/v3/nfe', { token, body: { tipo: 1, serie: 1, numeroPedidoLoja: '1001-1', contato: { id, nome: 'Ana Souza', numeroDocumento: '52998224725' }, naturezaOperacao: { id: 1001 }, itens: [{ codigo: 'CAFE-250', descricao: 'Café 250 g', quantidade: 2, valor: 39.9, classificacaoFiscal: ncm }] } });
  return (note.json as { data: { id: number } }).data.id;
}

describe('the access key', () => {
  it('lays out 44 digits with the mod-11 check digit (a published example)', () => {
    const key = makeAccessKey({ cUF: 35, yearMonth: '2612', cnpj: '11222333000181', model: 55, series: 1, number: 42, emissionType: 1, randomCode: 12345678 });
    expect(key).toHaveLength(44);
    expect(key.slice(0, 2)).toBe('35');
    expect(key.slice(2, 6)).toBe('2612');
    expect(key.slice(6, 20)).toBe('11222333000181');
    expect(key.slice(20, 22)).toBe('55');
    expect(key.slice(22, 25)).toBe('001');
    expect(key.slice(25, 34)).toBe('000000042');
    expect(key[34]).toBe('1');
    expect(key.slice(35, 43)).toBe('12345678');
    expect(isValidAccessKey(key)).toBe(true);
    expect(parseAccessKey(key)?.number).toBe(42);
    const wrong = key.slice(0, 43) + ((Number(key[43]) + 1) % 10);
    expect(isValidAccessKey(wrong)).toBe(false);
    expect(groupAccessKey(key).split(' ')).toHaveLength(11);
  });

  it('computes the DV of a real published key', () => {
    // A key printed in SEFAZ's manual examples: 52060433009911002506550120000007800267301615
    expect(accessKeyCheckDigit('5206043300991100250655012000000780026730161')).toBe(5);
    expect(isValidAccessKey('52060433009911002506550120000007800267301615')).toBe(true);
  });

  it('Code 128C: start C, pairs, check symbol and stop', () => {
    expect(code128cValues('1234')).toEqual([105, 12, 34, (105 + 12 + 34 * 2) % 103, 106]);
    const widths = code128cWidths('0'.repeat(44));
    // 25 symbols of 11 modules and the stop's 13.
    expect(widths.reduce((a, b) => a + b, 0)).toBe(24 * 11 + 13);
  });
});

describe('OAuth', () => {
  it('gives tokens for a code once; a refresh token rotates and is spent', async () => {
    const { sb } = sandbox();
    const tok = await connect(sb);
    expect(tok.expires_in).toBe(21600);
    const again = await call(sb, 'POST', 'Api/v3/oauth/token', { basic, form: { grant_type: 'refresh_token', refresh_token: tok.refresh_token } });
    expect(again.status).toBe(200);
    const spent = await call(sb, 'POST', 'Api/v3/oauth/token', { basic, form: { grant_type: 'refresh_token', refresh_token: tok.refresh_token } });
    expect(spent.status).toBe(400);
    const wrongSecret = await call(sb, 'POST', 'Api/v3/oauth/token', { basic: Buffer.from('app:nope').toString('base64'), form: { grant_type: 'refresh_token', refresh_token: 'x' } });
    expect(wrongSecret.status).toBe(401);
    expect((await call(sb, 'GET', 'Api/v3/naturezas-operacoes', { token: tok.access_token })).status).toBe(401); // the old access token ended with its refresh
  });

  it('expired tokens answer 401; the limit is 3 requests a second', async () => {
    const { sb, advance } = sandbox();
    const { access_token: token } = await connect(sb);
    for (let i = 0; i < 3; i++) expect((await call(sb, 'GET', 'Api/v3/naturezas-operacoes', { token })).status).toBe(200);
    expect((await call(sb, 'GET', 'Api/v3/naturezas-operacoes', { token })).status).toBe(429);
    advance(1001);
    expect((await call(sb, 'GET', 'Api/v3/naturezas-operacoes', { token })).status).toBe(200);
    await call(sb, 'POST', 'sim/expire-tokens');
    expect((await call(sb, 'GET', 'Api/v3/naturezas-operacoes', { token })).status).toBe(401);
  });
});

describe('a note', () => {
  it('is sent, in process, then authorised on the clock, with its DANFE and XML', async () => {
    const { sb, advance } = sandbox();
    const { access_token: token } = await connect(sb);
    const id = await issue(sb, token);
    advance(1000);
    expect((await call(sb, 'POST', `Api/v3/nfe/${id}/enviar`, { token })).status).toBe(200);
    const sent = (await call(sb, 'GET', `Api/v3/nfe/${id}`, { token })).json as { data: { situacao: number; linkDanfe: string | null } };
    expect(sent.data.situacao).toBe(SITUATION.sent);
    expect(sent.data.linkDanfe).toBeNull();
    advance(AUTHORIZE_AFTER_MS);
    const done = (await call(sb, 'GET', `Api/v3/nfe/${id}`, { token })).json as { data: { situacao: number; chaveAcesso: string; linkDanfe: string; xml: string } };
    expect(done.data.situacao).toBe(SITUATION.authorized);
    expect(isValidAccessKey(done.data.chaveAcesso)).toBe(true);
    const pdf = await call(sb, 'GET', done.data.linkDanfe.slice(BASE.length + 1));
    expect(new TextDecoder().decode(pdf.bytes!.subarray(0, 5))).toBe('%PDF-');
    const xml = new TextDecoder().decode((await call(sb, 'GET', done.data.xml.slice(BASE.length + 1))).bytes!);
    expect(xml).toContain(`<chNFe>${done.data.chaveAcesso}</chNFe>`);
    expect(xml).toContain('<CPF>52998224725</CPF>');
  });

  it('is refused for an item without a valid NCM; SEFAZ down answers 503 and the note waits', async () => {
    const { sb, advance } = sandbox();
    const { access_token: token } = await connect(sb);
    const bad = await issue(sb, token, '00000000');
    advance(1000);
    const refused = await call(sb, 'POST', `Api/v3/nfe/${bad}/enviar`, { token });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain('NCM inexistente [nItem:1]');
    await call(sb, 'POST', 'sim/faults', { body: { sefaz: 'down' } });
    const good = await issue(sb, token);
    advance(1000);
    expect((await call(sb, 'POST', `Api/v3/nfe/${good}/enviar`, { token })).status).toBe(503);
    await call(sb, 'POST', 'sim/faults', { body: { sefaz: 'up' } });
    expect((await call(sb, 'POST', `Api/v3/nfe/${good}/enviar`, { token })).status).toBe(200);
  });

  it('cancels within 24 h of its authorisation, not after', async () => {
    const { sb, advance } = sandbox();
    const { access_token: token } = await connect(sb);
    const a = await issue(sb, token);
    advance(1000);
    const b = await issue(sb, token);
    advance(1000);
    await call(sb, 'POST', `Api/v3/nfe/${a}/enviar`, { token });
    await call(sb, 'POST', `Api/v3/nfe/${b}/enviar`, { token });
    advance(AUTHORIZE_AFTER_MS);
    const why = { justificativa: 'Pedido reembolsado ao comprador' };
    expect((await call(sb, 'POST', `Api/v3/nfe/${a}/cancelar`, { token, body: why })).status).toBe(200);
    advance(25 * 3600_000);
    const { access_token: fresh } = await connect(sb);
    const late = await call(sb, 'POST', `Api/v3/nfe/${b}/cancelar`, { token: fresh, body: why });
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.json)).toContain('Prazo de cancelamento');
  });
});

describe('a sales order', () => {
  async function order(sb: BlingSandbox, token: string, numeroLoja: string, ncm = '09012100') {
    const contact = await call(sb, 'POST', 'Api/v3/contatos', { token, body: { nome: 'Ana Souza', numeroDocumento: '529.982.247-25', tipo: 'F' } });
    const contato = { id: (contact.json as { data: { id: number } }).data.id };
    const made = await call(sb, 'POST', 'Api/v3/pedidos/vendas', { token, body: { numeroLoja, data: '2026-12-05', contato, naturezaOperacao: { id: 1001 }, itens: [{ codigo: 'CAFE-250', descricao: 'Café 250 g', quantidade: 2, valor: 39.9, classificacaoFiscal: ncm }] } });
    expect(made.status).toBe(201);
    return (made.json as { data: { id: number } }).data.id;
  }

  it('is found by numeroLoja; its NF-e is made from it once, pending, and is authorised like any note', async () => {
    const { sb, advance } = sandbox();
    const { access_token: token } = await connect(sb);
    const id = await order(sb, token, '1001-1');
    advance(1000);
    const found = (await call(sb, 'GET', 'Api/v3/pedidos/vendas?numerosLojas[]=1001-1', { token })).json as { data: { id: number; numeroLoja: string; notaFiscal: { id: number } }[] };
    expect(found.data).toMatchObject([{ id, numeroLoja: '1001-1', notaFiscal: { id: 0 } }]);
    const made = await call(sb, 'POST', `Api/v3/pedidos/vendas/${id}/gerar-nfe`, { token });
    expect(made.status).toBe(201);
    const noteId = (made.json as { data: { id: number } }).data.id;
    advance(1000);
    const again = await call(sb, 'POST', `Api/v3/pedidos/vendas/${id}/gerar-nfe`, { token });
    expect(again.status).toBe(400);
    const read = (await call(sb, 'GET', `Api/v3/pedidos/vendas/${id}`, { token })).json as { data: { notaFiscal: { id: number } } };
    expect(read.data.notaFiscal.id).toBe(noteId);
    advance(1000);
    const note = (await call(sb, 'GET', `Api/v3/nfe/${noteId}`, { token })).json as { data: { situacao: number; numeroPedidoLoja: string; contato: { numeroDocumento: string } } };
    expect(note.data).toMatchObject({ situacao: SITUATION.pending, numeroPedidoLoja: '1001-1', contato: { numeroDocumento: '52998224725' } });
    expect((await call(sb, 'POST', `Api/v3/nfe/${noteId}/enviar`, { token })).status).toBe(200);
    advance(AUTHORIZE_AFTER_MS);
    const done = (await call(sb, 'GET', `Api/v3/nfe/${noteId}`, { token })).json as { data: { situacao: number; chaveAcesso: string } };
    expect(done.data.situacao).toBe(SITUATION.authorized);
    expect(isValidAccessKey(done.data.chaveAcesso)).toBe(true);
  });

  it('is not deduplicated by numeroLoja (as Bling): only a read-back keeps one order per sale', async () => {
    const { sb, advance } = sandbox();
    const { access_token: token } = await connect(sb);
    await order(sb, token, '2002-1');
    advance(1000);
    await order(sb, token, '2002-1');
    advance(1000);
    const found = (await call(sb, 'GET', 'Api/v3/pedidos/vendas?numerosLojas[]=2002-1', { token })).json as { data: unknown[] };
    expect(found.data).toHaveLength(2);
  });

  it('its note carries the items as sold: one without a valid NCM is refused on sending', async () => {
    const { sb, advance } = sandbox();
    const { access_token: token } = await connect(sb);
    const id = await order(sb, token, '3003-1', '');
    advance(1000);
    const noteId = ((await call(sb, 'POST', `Api/v3/pedidos/vendas/${id}/gerar-nfe`, { token })).json as { data: { id: number } }).data.id;
    advance(1000);
    const refused = await call(sb, 'POST', `Api/v3/nfe/${noteId}/enviar`, { token });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain('NCM inexistente [nItem:1]');
  });
});
