import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { billedGrams, createCarrierSandbox, cubicGrams, handleCarrierCall, isValidS10, MAX_FIELD_CHARS, MAX_IDS, MAX_LABELS, MAX_PARCELS, priceCents, quote, s10CheckDigit, s10Code, SERVICES, type CarrierSandbox } from './index';

const SHIRT = { widthCm: 20, heightCm: 4, lengthCm: 30, weightKg: 0.3, quantity: 1, insuranceReais: 79.9 };
const SP = '01310100';
const CAMPINAS = '13010000';
const RIO = '20040002';
const RECIFE = '50030000';
const BELEM = '66010000';

describe('price table', () => {
  test('cubic weight is L×W×H/6000 kg, and the billed weight the larger of real and cubic, per unit × quantity', () => {
    expect(cubicGrams({ widthCm: 20, heightCm: 4, lengthCm: 30 })).toBe(400);
    expect(billedGrams([SHIRT])).toBe(400); // cubic wins over 300 g
    expect(billedGrams([{ ...SHIRT, weightKg: 1.2, quantity: 2 }])).toBe(2400); // real wins
  });

  test('first kilo at the base price, each extra kilo (rounded up) at the band price', () => {
    const pac = SERVICES.find((s) => s.id === 1)!;
    expect(priceCents(pac, 'other-region', 1000)).toBe(2340);
    expect(priceCents(pac, 'other-region', 1001)).toBe(2340 + 650);
    expect(priceCents(pac, 'same-uf', 2400)).toBe(1590 + 2 * 250);
  });

  test('bands: same UF < same region < other region, for each service', () => {
    const price = (to: string, id: number) => {
      const q = quote({ from: SP, to, parcels: [SHIRT], serviceIds: [id] });
      if ('error' in q) throw new Error(q.error);
      return Number(q[0].price);
    };
    for (const id of [1, 2, 3]) expect(price(CAMPINAS, id)).toBeLessThan(price(RIO, id));
    for (const id of [1, 2, 3]) expect(price(RIO, id)).toBeLessThan(price(RECIFE, id));
    const sedexRecife = quote({ from: SP, to: RECIFE, parcels: [SHIRT], serviceIds: [2] });
    expect(sedexRecife).toEqual([expect.objectContaining({ id: 2, name: 'SEDEX', price: '44.90', custom_price: '44.90', delivery_range: { min: 2, max: 4 }, company: expect.objectContaining({ name: 'Correios' }) })]);
  });

  test('a service that does not serve the destination, or cannot carry the package, answers with an error', () => {
    const q = quote({ from: SP, to: BELEM, parcels: [SHIRT], serviceIds: null }) as Record<string, unknown>[];
    expect(q.find((e) => e.id === 31)).toMatchObject({ error: expect.any(String) });
    expect(q.find((e) => e.id === 31)).not.toHaveProperty('price');
    const heavy = quote({ from: SP, to: RIO, parcels: [{ ...SHIRT, weightKg: 12 }], serviceIds: null }) as Record<string, unknown>[];
    expect(heavy.find((e) => e.id === 31)).toMatchObject({ error: 'Dimensões ou peso acima do limite do serviço.' });
    expect(heavy.find((e) => e.id === 1)).toHaveProperty('price');
    const big = quote({ from: SP, to: RIO, parcels: [{ ...SHIRT, lengthCm: 110 }], serviceIds: [1] }) as Record<string, unknown>[];
    expect(big[0]).toHaveProperty('error');
  });
});

describe('S10 codes', () => {
  test('the UPU check digit (weights 8 6 4 2 3 5 9 7; 10 → 0, 11 → 5)', () => {
    expect(s10CheckDigit('47312482')).toBe(9); // RA473124829GB, the standard's example
    expect(s10CheckDigit('00000000')).toBe(5);
    expect(isValidS10(s10Code('PC', 12345678))).toBe(true);
    expect(isValidS10('PC123456780BR')).toBe(s10CheckDigit('12345678') === 0);
  });
});

const call = (sb: CarrierSandbox, method: string, path: string, body?: unknown, token: string | null = 'tok') =>
  handleCarrierCall(sb, { method, path: path.split('/'), authorization: token ? `Bearer ${token}` : null, body, baseUrl: 'http://x/api/sandbox/melhorenvio' });

describe('endpoints', () => {
  const calcBody = (to: string) => ({ from: { postal_code: SP }, to: { postal_code: to }, products: [{ id: 'a', width: 20, height: 4, length: 30, weight: 0.3, insurance_value: 79.9, quantity: 1 }] });

  test('calculate needs a bearer token; me names the account', async () => {
    const sb = createCarrierSandbox();
    expect((await call(sb, 'POST', 'api/v2/me/shipment/calculate', calcBody(RIO), null)).status).toBe(401);
    expect((await call(sb, 'GET', 'api/v2/me', undefined, 'me_sandbox_recusado')).status).toBe(401);
    expect((await call(sb, 'GET', 'api/v2/me')).json).toMatchObject({ firstname: 'Loja' });
    const r = await call(sb, 'POST', 'api/v2/me/shipment/calculate', calcBody(RIO));
    expect(r.status).toBe(200);
    expect((r.json as unknown[]).length).toBe(4);
  });

  test('faults by the destination CEP: 999 → 503, 998 → slow, 997 → only the Correios', async () => {
    const slept: number[] = [];
    const sb = createCarrierSandbox({ slowMs: 4000, sleep: async (ms) => void slept.push(ms) });
    expect((await call(sb, 'POST', 'api/v2/me/shipment/calculate', calcBody('20040999'))).status).toBe(503);
    await call(sb, 'POST', 'api/v2/me/shipment/calculate', calcBody('20040998'));
    expect(slept).toEqual([4000]);
    const only = (await call(sb, 'POST', 'api/v2/me/shipment/calculate', calcBody('20040997'))).json as Record<string, unknown>[];
    expect(only.filter((e) => !e.error).map((e) => e.name)).toEqual(['PAC', 'SEDEX']);
  });

  test('label: cart → checkout (debits the balance) → generate (S10 code) → print (PDF) → tracking moves on the clock and the simulator', async () => {
    let now = Date.parse('2026-12-01T12:00:00Z');
    const sb = createCarrierSandbox({ now: () => now, balanceCents: 10_000 });
    const cart = await call(sb, 'POST', 'api/v2/me/cart', { service: 2, ...calcBody(RIO), volumes: [{ width: 20, height: 4, length: 30, weight: 0.3 }] });
    expect(cart.status).toBe(201);
    const id = (cart.json as { id: string }).id;
    expect((await call(sb, 'POST', 'api/v2/me/shipment/generate', { orders: [id] })).json).toMatchObject({ [id]: { status: false } });
    const paid = await call(sb, 'POST', 'api/v2/me/shipment/checkout', { orders: [id] });
    expect(paid.json).toMatchObject({ purchase: { status: 'paid' } });
    expect(sb.balanceCents).toBeLessThan(10_000);
    await call(sb, 'POST', 'api/v2/me/shipment/generate', { orders: [id] });
    const t1 = ((await call(sb, 'POST', 'api/v2/me/shipment/tracking', { orders: [id] })).json as Record<string, { status: string; tracking: string }>)[id];
    expect(t1.status).toBe('posted');
    expect(isValidS10(t1.tracking)).toBe(true);
    const print = await call(sb, 'POST', 'api/v2/me/shipment/print', { mode: 'public', orders: [id] });
    const url = (print.json as { url: string }).url;
    const pdf = await call(sb, 'GET', url.replace('http://x/api/sandbox/melhorenvio/', ''), undefined, null);
    expect(pdf.contentType).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.bytes!)).getPageCount()).toBe(1);
    now += 86_400_000;
    expect(((await call(sb, 'POST', 'api/v2/me/shipment/tracking', { orders: [id] })).json as Record<string, { status: string }>)[id].status).toBe('in_transit');
    await call(sb, 'POST', 'sim/advance', { tracking: t1.tracking });
    expect(((await call(sb, 'POST', 'api/v2/me/shipment/tracking', { orders: [id] })).json as Record<string, { status: string }>)[id].status).toBe('delivered');
  });

  test('no balance: checkout refused in Portuguese, nothing paid', async () => {
    const sb = createCarrierSandbox({ balanceCents: 100 });
    const cart = await call(sb, 'POST', 'api/v2/me/cart', { service: 1, ...calcBody(RIO) });
    const id = (cart.json as { id: string }).id;
    const r = await call(sb, 'POST', 'api/v2/me/shipment/checkout', { orders: [id] });
    expect(r).toMatchObject({ status: 422, json: { message: 'Saldo insuficiente.' } });
    expect(sb.balanceCents).toBe(100);
  });
  test('a restart keeps the labels, the balance and the serial (the SQLite store); tracking reads the clock it is given', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrier-store-'));
    const storeFile = path.join(dir, 'carrier-sandbox.db');
    let now = Date.parse('2026-12-01T12:00:00Z');
    const first = createCarrierSandbox({ storeFile, now: () => now, balanceCents: 10_000 });
    const id = ((await call(first, 'POST', 'api/v2/me/cart', { service: 2, ...calcBody(RIO) })).json as { id: string }).id;
    await call(first, 'POST', 'api/v2/me/shipment/checkout', { orders: [id] });
    await call(first, 'POST', 'api/v2/me/shipment/generate', { orders: [id] });
    const code = ((await call(first, 'POST', 'api/v2/me/shipment/tracking', { orders: [id] })).json as Record<string, { tracking: string }>)[id].tracking;

    const second = createCarrierSandbox({ storeFile, now: () => now, balanceCents: 10_000 });
    expect(second.balanceCents).toBe(first.balanceCents);
    expect(second.balanceCents).toBeLessThan(10_000);
    const track = async () => ((await call(second, 'POST', 'api/v2/me/shipment/tracking', { orders: [id] })).json as Record<string, { status: string; tracking: string }>)[id];
    expect(await track()).toMatchObject({ status: 'posted', tracking: code });
    // Paid once: a checkout after the restart charges nothing more.
    await call(second, 'POST', 'api/v2/me/shipment/checkout', { orders: [id] });
    expect(second.balanceCents).toBe(first.balanceCents);
    // The serial goes on: the next label never reuses a code.
    const id2 = ((await call(second, 'POST', 'api/v2/me/cart', { service: 2, ...calcBody(RIO) })).json as { id: string }).id;
    await call(second, 'POST', 'api/v2/me/shipment/checkout', { orders: [id2] });
    await call(second, 'POST', 'api/v2/me/shipment/generate', { orders: [id2] });
    expect(second.labels.get(id2)!.tracking).not.toBe(code);
    now += 30 * 86_400_000;
    expect((await track()).status).toBe('delivered');
    // A real store: one row per label, not a file holding every label rewritten on each write.
    expect(new Uint8Array(fs.readFileSync(storeFile).subarray(0, 15))).toEqual(new TextEncoder().encode('SQLite format 3'));
    first.labels.close();
    second.labels.close();
  });

  test('caps what anyone can send: field lengths, parcels, ids, and the labels kept (unpaid carts go after a day)', async () => {
    let now = Date.parse('2026-12-01T12:00:00Z');
    const sb = createCarrierSandbox({ now: () => now });
    const long = await call(sb, 'POST', 'api/v2/me/cart', { service: 1, ...calcBody(RIO), to: { postal_code: RIO, name: 'x'.repeat(MAX_FIELD_CHARS + 1) } });
    expect(long).toMatchObject({ status: 422, json: { message: 'Campo grande demais: to.name.' } });
    const parcels = Array.from({ length: MAX_PARCELS + 1 }, () => calcBody(RIO).products[0]);
    expect((await call(sb, 'POST', 'api/v2/me/shipment/calculate', { ...calcBody(RIO), products: parcels })).status).toBe(422);
    expect((await call(sb, 'POST', 'api/v2/me/shipment/tracking', { orders: Array.from({ length: MAX_IDS + 1 }, (_, i) => String(i)) })).status).toBe(422);
    expect(sb.labels.size).toBe(0);
    // The store full of carts nobody paid: the next cart is refused until they are a day old.
    const insert = sb.labels.db.prepare("INSERT INTO labels (id, protocol, service_id, price_cents, status, from_text, to_text, created_at, delivery_days) VALUES (?, 'ORD', 1, 100, 'pending', '', '', ?, 5)");
    sb.labels.transaction(() => {
      for (let i = 0; i < MAX_LABELS; i++) insert.run(`full-${i}`, now);
    });
    expect(await call(sb, 'POST', 'api/v2/me/cart', { service: 1, ...calcBody(RIO) })).toMatchObject({ status: 429 });
    now += 86_400_000 + 1;
    expect((await call(sb, 'POST', 'api/v2/me/cart', { service: 1, ...calcBody(RIO) })).status).toBe(201);
    expect(sb.labels.size).toBe(1);
  });
});
