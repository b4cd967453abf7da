import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ExchangeTimeout, httpExchange, MAX_ANSWER_BYTES } from './exchange';

let server: http.Server | undefined;
afterEach(async () => {
  const s = server;
  server = undefined;
  if (!s) return;
  s.closeAllConnections();
  await new Promise<void>((resolve) => s.close(() => resolve()));
});

async function serve(handler: http.RequestListener): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  server = http.createServer(handler);
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections };
}

describe('httpExchange', () => {
  it('sends the method, headers and body, and reads status, headers and text', async () => {
    const seen: { method?: string; key?: string; length?: string; body: string } = { body: '' };
    const { url } = await serve((req, res) => {
      seen.method = req.method;
      seen.key = req.headers['x-api-key'] as string;
      seen.length = req.headers['content-length'];
      req.on('data', (c: Buffer) => (seen.body += c.toString()));
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json', 'retry-after': '7' });
        res.end('{"ok":"ç"}');
      });
    });
    const answer = await httpExchange()({ url: `${url}/v1/pix/due`, method: 'POST', headers: { 'x-api-key': 'sk_test_12345678', 'content-type': 'application/json' }, body: '{"a":"é"}', timeoutMs: 2_000 });
    expect(seen).toEqual({ method: 'POST', key: 'sk_test_12345678', length: String(Buffer.byteLength('{"a":"é"}')), body: '{"a":"é"}' });
    expect(answer.status).toBe(201);
    expect(answer.header('Retry-After')).toBe('7');
    expect(answer.header('x-missing')).toBeNull();
    expect(answer.text).toBe('{"ok":"ç"}');
  });

  it('keeps the connection alive: ten reads in a row use one socket', async () => {
    const { url, connections } = await serve((_req, res) => res.end('{}'));
    const exchange = httpExchange();
    for (let i = 0; i < 10; i++) expect((await exchange({ url: `${url}/v1/pix/x`, method: 'GET', headers: {}, timeoutMs: 2_000 })).status).toBe(200);
    expect(connections()).toBe(1);
  });

  it('rejects with ExchangeTimeout when the whole answer has not come in time', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200);
      res.write('{"partial":'); // headers and a part of the body, then nothing
    });
    const started = Date.now();
    await expect(httpExchange()({ url, method: 'GET', headers: {}, timeoutMs: 150 })).rejects.toBeInstanceOf(ExchangeTimeout);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses an answer over the size cap instead of buffering it', async () => {
    const chunk = Buffer.alloc(256 * 1024, 'a');
    const { url } = await serve((_req, res) => {
      res.writeHead(200);
      const write = () => {
        while (res.write(chunk));
        res.once('drain', write);
      };
      write();
      res.on('close', () => res.removeAllListeners('drain'));
    });
    await expect(httpExchange()({ url, method: 'GET', headers: {}, timeoutMs: 5_000 })).rejects.toThrow(`answer over ${MAX_ANSWER_BYTES} bytes`);
  });

  it('does not follow a redirect: the 302 is the answer', async () => {
    let hits = 0;
    const { url } = await serve((_req, res) => {
      hits++;
      res.writeHead(302, { location: '/elsewhere' });
      res.end();
    });
    expect((await httpExchange()({ url, method: 'GET', headers: {}, timeoutMs: 2_000 })).status).toBe(302);
    expect(hits).toBe(1);
  });

  it('refuses a protocol other than http and https', async () => {
    await expect(httpExchange()({ url: 'file:///etc/passwd', method: 'GET', headers: {}, timeoutMs: 1_000 })).rejects.toThrow('unsupported protocol file:');
  });
});
