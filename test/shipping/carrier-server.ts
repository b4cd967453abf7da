/** The carrier sandbox behind real HTTP on 127.0.0.1, so processes of their own share one carrier. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCarrierSandbox, handleCarrierCall, type CarrierSandbox } from '@balcao/shipping-sandbox';

export async function startCarrierServer(sb: CarrierSandbox = createCarrierSandbox()): Promise<{ url: string; sb: CarrierSandbox; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const reply = await handleCarrierCall(sb, {
        method: req.method ?? 'GET',
        path: url.pathname.replace(/^\/+/, '').split('/'),
        authorization: req.headers.authorization ?? null,
        body: body ? JSON.parse(body) : undefined,
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      });
      res.writeHead(reply.status, { 'Content-Type': reply.contentType ?? 'application/json' });
      res.end(reply.bytes ? Buffer.from(reply.bytes) : JSON.stringify(reply.json ?? null));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sb, close: () => new Promise((r) => server.close(() => r())) };
}
