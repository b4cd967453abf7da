import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLatencyProxy, type LatencyProxy } from './latency-proxy';

// 3 MB in 16 KB writes, each on its own turn of the loop: many chunks, each held on its own.
const BODY = Buffer.from(Array.from({ length: 3_000_000 }, (_, i) => (i * 7919) % 251));
let server: http.Server;
let proxy: LatencyProxy;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    let at = 0;
    const next = () => {
      if (at >= BODY.length) return void res.end();
      res.write(BODY.subarray(at, (at += 16_384)));
      setImmediate(next);
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy = await startLatencyProxy(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 20);
});

afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('startLatencyProxy', () => {
  it('passes every byte on, in order', async () => {
    const got = Buffer.from(await (await fetch(proxy.url)).arrayBuffer());
    expect(got.length).toBe(BODY.length);
    expect(got.equals(BODY)).toBe(true);
  });

  it('delays a request and its answer by the latency each way', async () => {
    const started = performance.now();
    await (await fetch(proxy.url, { headers: { connection: 'close' } })).arrayBuffer();
    // Connect is not held (the proxy accepts at once); the request, then the answer, are: 2 × 20 ms at least.
    expect(performance.now() - started).toBeGreaterThanOrEqual(40);
  });
});
