import { describe, expect, test } from 'vitest';
import { sandboxFetch } from '@/test/shipping/sandbox-fetch';
import { CarrierError, melhorEnvio, parseQuote } from './melhor-envio';

/** A shipment/calculate answer in the reference's shape (docs/shipping-contract.md). */
const RECORDED = [
  { id: 1, name: 'PAC', price: '23.40', custom_price: '23.40', discount: '3.10', currency: 'R$', delivery_time: 7, delivery_range: { min: 5, max: 7 }, custom_delivery_time: 7, custom_delivery_range: { min: 5, max: 7 }, packages: [], company: { id: 1, name: 'Correios', picture: '' } },
  { id: 2, name: 'SEDEX', price: 44.9, custom_price: 41.5, delivery_time: 3, delivery_range: { min: 2, max: 3 }, company: { id: 1, name: 'Correios' } },
  { id: 3, name: '.Package', error: 'Transportadora não atende este trecho.', company: { id: 2, name: 'Jadlog' } },
  { id: 17, name: 'Mini Envios', error: { message: 'Peso excedido' } },
  { id: 31, name: 'Loggi Express', company: { id: 14, name: 'Loggi' }, delivery_range: { min: 1, max: 2 } },
  { id: 4, name: '.Com', price: '30.00', delivery_time: 4, company: { id: 2, name: 'Jadlog' } },
  'garbage',
];

describe('parseQuote', () => {
  test('reads custom price and range, skips services with an error (string or object), a missing price, and junk', () => {
    expect(parseQuote(RECORDED)).toEqual([
      { serviceId: 1, name: 'PAC', company: 'Correios', cents: 2340, minDays: 5, maxDays: 7 },
      { serviceId: 2, name: 'SEDEX', company: 'Correios', cents: 4150, minDays: 2, maxDays: 3 },
      { serviceId: 4, name: '.Com', company: 'Jadlog', cents: 3000, minDays: 4, maxDays: 4 },
    ]);
  });
  test('a non-list answer is an error, an empty list no options', () => {
    expect(() => parseQuote({ message: 'x' })).toThrow(CarrierError);
    expect(parseQuote([])).toEqual([]);
  });
});

const fetchReturning = (status: number, body: unknown): typeof fetch => (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;
const client = (f: typeof fetch, timeoutMs = 200) => melhorEnvio({ baseUrl: 'https://me.invalid', token: 't', userAgent: 'Balcão (x@y.z)', timeoutMs, fetch: f });
const Q = { fromZip: '01310100', toZip: '20040002', products: [{ id: 'a', widthCm: 20, heightCm: 4, lengthCm: 30, weightGrams: 300, unitCents: 7990, quantity: 1 }], services: [1, 2] };

describe('errors', () => {
  test('401 unauthorized, 5xx unavailable, 422 refused with the message, a hang times out', async () => {
    await expect(client(fetchReturning(401, {})).me()).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(client(fetchReturning(503, {})).quote(Q)).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(client(fetchReturning(422, { message: 'Saldo insuficiente.' })).checkout('x')).rejects.toMatchObject({ kind: 'refused', message: 'Saldo insuficiente.' });
    const hang: typeof fetch = ((_u: unknown, init?: RequestInit) => new Promise((_r, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof fetch;
    const started = Date.now();
    await expect(client(hang, 100).quote(Q)).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
  });
  test('sends the bearer token, the User-Agent and the products in cm/kg/reais', async () => {
    let seen: { url: string; init: RequestInit } | null = null;
    const f: typeof fetch = (async (url: string, init: RequestInit) => {
      seen = { url, init };
      return new Response(JSON.stringify(RECORDED));
    }) as unknown as typeof fetch;
    await client(f).quote(Q);
    const s = seen as unknown as { url: string; init: RequestInit };
    expect(s.url).toBe('https://me.invalid/api/v2/me/shipment/calculate');
    expect((s.init.headers as Record<string, string>).Authorization).toBe('Bearer t');
    expect((s.init.headers as Record<string, string>)['User-Agent']).toContain('Balcão');
    expect(JSON.parse(String(s.init.body))).toMatchObject({ from: { postal_code: '01310100' }, products: [{ width: 20, weight: 0.3, insurance_value: 79.9, quantity: 1 }], services: '1,2' });
  });
});

describe('client ↔ sandbox', () => {
  test('quote, then the label flow, then tracking', async () => {
    const me = melhorEnvio({ baseUrl: 'http://sb.test', token: 'tok', userAgent: 'x', timeoutMs: 1000, fetch: sandboxFetch() });
    expect((await me.me()).name).toBe('Loja Sandbox');
    const options = await me.quote({ ...Q, services: [1, 2, 3, 31] });
    expect(options.map((o) => o.name)).toEqual(['PAC', 'SEDEX', '.Package', 'Loggi Express']);
    const party = { name: 'A', address: 'Rua', number: '1', district: 'B', city: 'C', stateAbbr: 'SP', postalCode: '01310100' };
    const label = await me.addToCart({ serviceId: 2, from: party, to: { ...party, stateAbbr: 'RJ', postalCode: '20040002' }, products: Q.products, insuranceCents: 7990, tag: '#1001' });
    expect(label.cents).toBe(options.find((o) => o.serviceId === 2)!.cents);
    await me.checkout(label.id);
    await me.generate(label.id);
    expect(await me.print(label.id)).toMatch(/\.pdf$/);
    expect((await me.tracking([label.id]))[label.id]).toMatchObject({ status: 'posted', tracking: expect.stringMatching(/^SX\d{9}BR$/) });
  });
});
