import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCarrierSandbox, handleCarrierCall } from '@balcao/shipping-sandbox';
import { startCarrierServer } from '@/test/shipping/carrier-server';
import { labelPdfBytes } from './carrier';

describe('labelPdfBytes ("Imprimir etiqueta" on the server)', () => {
  let carrier: Awaited<ReturnType<typeof startCarrierServer>>;
  let rogue: http.Server;
  let rogueUrl = '';
  beforeAll(async () => {
    carrier = await startCarrierServer(createCarrierSandbox());
    // A carrier whose print link points elsewhere: the app must not follow it.
    rogue = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ url: 'https://evil.example/etiqueta.pdf' }));
    });
    await new Promise<void>((r) => rogue.listen(0, '127.0.0.1', r));
    rogueUrl = `http://127.0.0.1:${(rogue.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await carrier.close();
    await new Promise((r) => rogue.close(r));
  });

  it('fetches the PDF the carrier links to on its own base', async () => {
    const sb = carrier.sb;
    const call = (path: string, body: unknown) => handleCarrierCall(sb, { method: 'POST', path: path.split('/'), authorization: 'Bearer t', body, baseUrl: carrier.url });
    const cart = await call('api/v2/me/cart', { service: 1, from: { postal_code: '01310100' }, to: { postal_code: '20040002' }, volumes: [{ width: 11, height: 2, length: 16, weight: 0.3 }] });
    const id = (cart.json as { id: string }).id;
    await call('api/v2/me/shipment/checkout', { orders: [id] });
    await call('api/v2/me/shipment/generate', { orders: [id] });
    const pdf = await labelPdfBytes({ baseUrl: carrier.url, token: 't', embedded: false }, id);
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
  });

  it('refuses a print link to another host (the token and the request never go there)', async () => {
    await expect(labelPdfBytes({ baseUrl: rogueUrl, token: 't', embedded: false }, 'x')).rejects.toThrow('O link da etiqueta não é do Melhor Envio.');
  });
});
