/**
 * The benchmark's out-of-process provider must answer what the app's client accepts: its
 * create and read bodies go through the app's own response mappers (a drifting stub would
 * make T2 and T8 measure errors instead of the route).
 */
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixCharge, pixCreated } from '@/lib/payment-provider/mappers';
import { listenProviderStub } from './provider-stub';

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = await listenProviderStub(0);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const create = (key: string) =>
  fetch(`${base}/v1/pix/due`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ amount: 79.8, description: 'Pedido', expiration: 1, payer: { name: 'Ana', document: '52998224725' }, notification_url: 'http://127.0.0.1/x' }),
  });

describe('provider stub', () => {
  it('creates a Pix charge the app maps, reads it back pending, then paid after /__stub/pay', async () => {
    const res = await create('k1');
    expect(res.status).toBe(201);
    const created = pixCreated(await res.json(), 'POST /v1/pix/due');
    expect(created.pixImage.startsWith('data:image/png;base64,')).toBe(true);

    const read = async () => pixCharge(await (await fetch(`${base}/v1/pix/${created.id}`)).json(), created.id, 'GET /v1/pix/{id}');
    expect(await read()).toMatchObject({ id: created.id, status: 'empty', amountCents: 7980 });
    expect((await fetch(`${base}/__stub/pay/${created.id}`, { method: 'POST' })).status).toBe(200);
    expect(await read()).toMatchObject({ status: 'completed', amountCents: 7980 });
  });

  it('answers a repeated Idempotency-Key with the same charge, and 404 for an unknown one', async () => {
    const a = await (await create('same')).json();
    const b = await (await create('same')).json();
    expect(b.id).toBe(a.id);
    expect((await fetch(`${base}/v1/pix/pix_999999`)).status).toBe(404);
  });
});
