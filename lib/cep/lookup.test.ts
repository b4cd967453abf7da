import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCepStub, type CepStub } from '@/test/cep-stub.mjs';
import { CepCache, CepLookupService, parseCepAnswer } from './lookup';

let stub: CepStub;
beforeAll(async () => {
  stub = await startCepStub();
});
afterAll(() => stub.close());

describe('parseCepAnswer', () => {
  it('reads BrasilAPI and ViaCEP shapes, and ViaCEP\'s "erro"', () => {
    expect(parseCepAnswer({ cep: '01310100', state: 'SP', city: 'São Paulo', neighborhood: 'Bela Vista', street: 'Avenida Paulista' }, '01310100')).toEqual({
      status: 'found',
      address: { zip: '01310100', state: 'SP', city: 'São Paulo', neighborhood: 'Bela Vista', street: 'Avenida Paulista' },
    });
    expect(parseCepAnswer({ cep: '01310-100', uf: 'sp', localidade: 'São Paulo', bairro: 'Bela Vista', logradouro: 'Avenida Paulista' }, '01310100')).toMatchObject({
      status: 'found',
      address: { state: 'SP', street: 'Avenida Paulista' },
    });
    expect(parseCepAnswer({ erro: true }, '01310100')).toEqual({ status: 'not_found' });
    expect(parseCepAnswer({ erro: 'true' }, '01310100')).toEqual({ status: 'not_found' });
  });

  it('refuses answers it cannot trust: no UF, another CEP, not an object; strips control characters', () => {
    expect(parseCepAnswer({ cep: '01310100', state: 'XX', city: 'São Paulo' }, '01310100').status).toBe('unavailable');
    expect(parseCepAnswer({ cep: '20040002', state: 'RJ', city: 'Rio' }, '01310100').status).toBe('unavailable');
    expect(parseCepAnswer('nope', '01310100').status).toBe('unavailable');
    const r = parseCepAnswer({ state: 'SP', city: 'São\u0000 Paulo', street: 'x'.repeat(300) }, '01310100');
    expect(r.status === 'found' && r.address.city).toBe('São Paulo');
    expect(r.status === 'found' && r.address.street.length).toBe(200);
  });
});

describe('CepLookupService against a local stub', () => {
  it('finds a known CEP, says not_found for an unknown one, and caches both', async () => {
    stub.setMode('up');
    const service = new CepLookupService({ enabled: true, urls: [stub.url] });
    const before = stub.requests.length;
    expect(await service.lookup('01310100')).toMatchObject({ status: 'found', address: { street: 'Avenida Paulista', state: 'SP' } });
    expect(await service.lookup('99999999')).toEqual({ status: 'not_found' });
    expect(await service.lookup('01310100')).toMatchObject({ status: 'found' });
    expect(await service.lookup('99999999')).toEqual({ status: 'not_found' });
    expect(stub.requests.length - before).toBe(2);
  });

  it('a service that is down is unavailable and not cached; the next service is asked', async () => {
    stub.setMode('down');
    const downOnly = new CepLookupService({ enabled: true, urls: [stub.url] });
    expect(await downOnly.lookup('20040002')).toEqual({ status: 'unavailable' });
    expect(downOnly.cacheSize).toBe(0);
    stub.setMode('up');
    expect(await downOnly.lookup('20040002')).toMatchObject({ status: 'found' });

    // A fallback: the first URL answers 503, the second knows the CEP.
    const dead = http.createServer((_q, r) => r.writeHead(503).end()).listen(0, '127.0.0.1');
    await new Promise((r) => dead.once('listening', r));
    const port = (dead.address() as { port: number }).port;
    try {
      const service = new CepLookupService({ enabled: true, urls: [`http://127.0.0.1:${port}/{cep}`, stub.url] });
      expect(await service.lookup('69005010')).toMatchObject({ status: 'found', address: { state: 'AM' } });
    } finally {
      dead.close();
    }
  });

  it('gives up after the timeout on a slow service, and a refused connection is unavailable', async () => {
    stub.setMode('slow');
    const service = new CepLookupService({ enabled: true, urls: [stub.url], timeoutMs: 200 });
    const started = Date.now();
    expect(await service.lookup('40020000')).toEqual({ status: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(2_000);
    stub.setMode('up');
    const refused = new CepLookupService({ enabled: true, urls: ['http://127.0.0.1:9/{cep}'] });
    expect(await refused.lookup('40020000')).toEqual({ status: 'unavailable' });
  });

  it('concurrent lookups of one CEP make one request', async () => {
    stub.setMode('up');
    const service = new CepLookupService({ enabled: true, urls: [stub.url] });
    const before = stub.requests.length;
    const results = await Promise.all(Array.from({ length: 10 }, () => service.lookup('78175000')));
    expect(results.every((r) => r.status === 'found')).toBe(true);
    expect(stub.requests.length - before).toBe(1);
  });

  it('is off when switched off, and never asks for something that is not 8 digits', async () => {
    const before = stub.requests.length;
    expect(await new CepLookupService({ enabled: false, urls: [stub.url] }).lookup('01310100')).toEqual({ status: 'off' });
    expect(await new CepLookupService({ enabled: true, urls: [stub.url] }).lookup('0131010')).toEqual({ status: 'not_found' });
    expect(stub.requests.length).toBe(before);
  });
});

describe('CepCache', () => {
  it('is bounded (least recently used out first) and forgets entries when they expire', () => {
    const cache = new CepCache(2);
    const found = { status: 'found' as const, address: { zip: '1', street: '', neighborhood: '', city: 'X', state: 'SP' as const } };
    cache.set('a', found, 0);
    cache.set('b', found, 0);
    cache.get('a', 0); // a is now the most recent
    cache.set('c', found, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)).toBe(found);
    expect(cache.get('a', 25 * 60 * 60 * 1000)).toBeUndefined();
    cache.set('u', { status: 'unavailable' }, 0);
    expect(cache.get('u', 0)).toBeUndefined();
  });
});
