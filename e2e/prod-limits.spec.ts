/**
 * Abuse limits, seen from outside: the webhook route rate-limits per token (unknown tokens
 * too) with 429 + Retry-After, and bodies over 1 MB are 413 on the webhook route and the
 * sandbox — declared (Content-Length) or streamed (chunked), through the proxy's buffering.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { SANDBOX_KEY } from './shop-helpers';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const WEBHOOK_LIMIT = Number(process.env.RATE_LIMIT_WEBHOOK_PER_MIN ?? 600);
const SANDBOX_HEADERS = { 'X-API-KEY': SANDBOX_KEY, 'Content-Type': 'application/json', 'User-Agent': 'balcao-e2e' };

const randomToken = () => randomBytes(24).toString('base64url');
/**
 * The e2e server trusts one proxy hop (TRUSTED_PROXY_HOPS=1) and this test plays that proxy: the
 * right-most X-Forwarded-For entry is the client it saw; the entries before it are whatever the
 * client wrote, and the flooder rotates them on every request to look like someone new.
 */
let spoof = 0;
const floodIp = () => ({ 'X-Forwarded-For': `198.18.${(spoof >> 8) & 255}.${spoof++ & 255}, 203.0.113.50` });

/** POSTs `bytes` of JSON-ish filler with Transfer-Encoding: chunked (no Content-Length). */
function postChunked(path: string, bytes: number, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, path, method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (e) => {
      // The server may answer 413 and close before the whole upload is sent.
      if ((e as NodeJS.ErrnoException).code === 'EPIPE' || (e as NodeJS.ErrnoException).code === 'ECONNRESET') resolve(-1);
      else reject(e);
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += part.length;
        if (!req.write(part)) return req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

test('the webhook route rate-limits each token, unknown tokens included', async ({ request }) => {
  test.setTimeout(120_000);
  const token = randomToken();
  const url = `/api/webhooks/payments/${token}`;
  const statuses: number[] = [];
  for (let sent = 0; sent < WEBHOOK_LIMIT; sent += 25) {
    const batch = Math.min(25, WEBHOOK_LIMIT - sent);
    const answers = await Promise.all(Array.from({ length: batch }, () => request.post(url, { data: { id: 'evt', type: 'ChargePaid' }, headers: floodIp() })));
    statuses.push(...answers.map((a) => a.status()));
  }
  expect(new Set(statuses)).toEqual(new Set([404])); // unknown token, within the limit
  const over = await request.post(url, { data: {}, headers: floodIp() });
  expect(over.status()).toBe(429);
  const retryAfter = Number(over.headers()['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  // Unknown tokens also share a budget per client address, so random tokens (and spoofed hops) cannot flood the delivery log…
  expect((await request.post(`/api/webhooks/payments/${randomToken()}`, { data: {}, headers: floodIp() })).status()).toBe(429);
  // …while another sender is not affected.
  expect((await request.post(`/api/webhooks/payments/${randomToken()}`, { data: {}, headers: { 'X-Forwarded-For': '198.51.100.23' } })).status()).toBe(404);
});

test('bodies over 1 MB are 413 on the webhook route, declared or streamed', async ({ request }) => {
  const big = 'x'.repeat(1024 * 1024 + 10);
  const declared = await request.post(`/api/webhooks/payments/${randomToken()}`, { data: big, headers: { 'Content-Type': 'application/json' } });
  expect(declared.status()).toBe(413);
  expect([413, -1]).toContain(await postChunked(`/api/webhooks/payments/${randomToken()}`, 1024 * 1024 + 4096));
  // Larger than what the proxy buffers (2 MB): the cut body still reads as too large.
  expect([413, -1]).toContain(await postChunked(`/api/webhooks/payments/${randomToken()}`, 5 * 1024 * 1024));
  // Just under the limit is not refused for its size (unknown token → 404).
  const fits = await request.post(`/api/webhooks/payments/${randomToken()}`, { data: 'y'.repeat(1024 * 1024 - 100), headers: { 'Content-Type': 'application/json' } });
  expect(fits.status()).toBe(404);
  // And the server keeps serving.
  expect((await request.get('/api/health')).status()).toBe(200);
});

test('bodies over 1 MB are 413 on the sandbox API', async ({ request }) => {
  const body = JSON.stringify({ description: 'x'.repeat(1024 * 1024) });
  const declared = await request.post('/api/sandbox/v1/charges', { data: body, headers: SANDBOX_HEADERS });
  expect(declared.status()).toBe(413);
  expect([413, -1]).toContain(await postChunked('/api/sandbox/v1/pix/due', 3 * 1024 * 1024, SANDBOX_HEADERS));
});
