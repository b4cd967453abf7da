/** The Bling client alone: tolerant answers, the pace of 3 requests a second, one refresh on a 401, errors in Bling's words. */
import { describe, expect, it } from 'vitest';
import { createBlingSandbox, handleBlingCall } from '@balcao/bling-sandbox';
import { BlingError, blingClient, blingTokenCall, errorMessageOf } from './bling-client';

function setup() {
  let t = Date.now();
  const clock = { now: () => t, sleep: async (ms: number) => void (t += ms) };
  const sb = createBlingSandbox({ clients: [{ id: 'c', secret: 's', redirectUri: 'http://x/cb' }], now: clock.now, sleep: clock.sleep });
  const f = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const h = new Headers(init?.headers);
    const r = await handleBlingCall(sb, { method: init?.method ?? 'GET', path: url.pathname.slice(1).split('/'), query: url.searchParams, authorization: h.get('authorization'), contentType: h.get('content-type'), body: typeof init?.body === 'string' ? init.body : '', baseUrl: 'http://b' });
    return new Response(r.bytes ? Buffer.from(r.bytes) : JSON.stringify(r.json ?? null), { status: r.status });
  }) as typeof fetch;
  return { sb, clock, f };
}

async function tokens(sb: ReturnType<typeof setup>['sb'], f: typeof fetch) {
  const code = sb.db.prepare("INSERT INTO codes (code, client_id, expires_at) VALUES ('k', 'c', ?) RETURNING code").get(Date.now() + 600_000) as { code: string };
  return blingTokenCall({ baseUrl: 'http://b', clientId: 'c', clientSecret: 's', fetch: f }, { grant_type: 'authorization_code', code: code.code });
}

describe('the Bling client', () => {
  it('keeps to 3 requests a second: ten calls in a row meet no 429', async () => {
    const { sb, clock, f } = setup();
    const { access_token } = await tokens(sb, f);
    const api = blingClient({ baseUrl: 'http://b', token: async () => access_token, refresh: async () => null, fetch: f, now: clock.now, sleep: clock.sleep });
    // Without the client's pace the 4th call of the same second would be answered 429 (recorded in sb.calls).
    const started = clock.now();
    for (let i = 0; i < 10; i++) expect((await api.natures()).length).toBeGreaterThan(0);
    expect(sb.calls.every((c) => c.status === 200)).toBe(true);
    expect(clock.now() - started).toBeGreaterThanOrEqual(3000);
  });

  it('refreshes once on a 401 and repeats the call', async () => {
    const { sb, clock, f } = setup();
    const first = await tokens(sb, f);
    sb.db.prepare('UPDATE tokens SET access_expires_at = 0').run();
    let refreshes = 0;
    const api = blingClient({
      baseUrl: 'http://b',
      token: async () => first.access_token,
      refresh: async () => {
        refreshes++;
        return (await blingTokenCall({ baseUrl: 'http://b', clientId: 'c', clientSecret: 's', fetch: f }, { grant_type: 'refresh_token', refresh_token: first.refresh_token })).access_token;
      },
      fetch: f,
      now: clock.now,
      sleep: clock.sleep,
    });
    expect((await api.natures())[0].descricao).toBe('Venda de mercadoria');
    expect(refreshes).toBe(1);
  });

  it('reads answers tolerantly and errors in Bling\'s words', async () => {
    const f = (async () => new Response(JSON.stringify({ data: [{ id: '7', descricao: 'Venda', extra: { a: 1 } }, { broken: true }] }), { status: 200 })) as typeof fetch;
    const api = blingClient({ baseUrl: 'http://b', token: async () => 't', refresh: async () => null, fetch: f });
    expect(await api.natures()).toEqual([{ id: '7', descricao: 'Venda', extra: { a: 1 } }]);
    expect(errorMessageOf({ error: { type: 'VALIDATION_ERROR', message: 'Não foi possível', description: 'x', fields: [{ msg: '778 - NCM inexistente' }] } })).toBe('778 - NCM inexistente');
    const down = blingClient({ baseUrl: 'http://b', token: async () => 't', refresh: async () => null, fetch: (async () => new Response('{"error":{"type":"SERVER_ERROR","description":"SEFAZ indisponível"}}', { status: 503 })) as typeof fetch });
    await expect(down.natures()).rejects.toMatchObject({ kind: 'unavailable', message: 'SEFAZ indisponível' });
    await expect(down.natures()).rejects.toBeInstanceOf(BlingError);
  });

  it('reads a sales order\'s note (0 is none) and gerar-nfe\'s id as id or idNotaFiscal; keeps only exact numeroLoja matches', async () => {
    const answers: Record<string, unknown> = {
      'GET /Api/v3/pedidos/vendas': { data: [{ id: 11, numeroLoja: '1042-1' }, { id: 12, numeroLoja: '1042-10' }] },
      'GET /Api/v3/pedidos/vendas/11': { data: { id: 11, notaFiscal: { id: 0 } } },
      'GET /Api/v3/pedidos/vendas/12': { data: { id: '12', notaFiscal: { id: '900' } } },
      'POST /Api/v3/pedidos/vendas/11/gerar-nfe': { data: { idNotaFiscal: 901 } },
      'POST /Api/v3/pedidos/vendas/12/gerar-nfe': { data: { id: '902' } },
    };
    const f = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      return new Response(JSON.stringify(answers[`${init?.method ?? 'GET'} ${url.pathname}`] ?? null), { status: 200 });
    }) as typeof fetch;
    const api = blingClient({ baseUrl: 'http://b', token: async () => 't', refresh: async () => null, fetch: f });
    expect(await api.salesOrdersFor('1042-1')).toEqual(['11']);
    expect(await api.salesOrder('11')).toEqual({ id: '11', noteId: null });
    expect(await api.salesOrder('12')).toEqual({ id: '12', noteId: '900' });
    expect(await api.noteFromSalesOrder('11')).toBe('901');
    expect(await api.noteFromSalesOrder('12')).toBe('902');
  });
});
