/** A stand-in for the ad platforms' endpoints: records every POST it gets, answers `status` after `delayMs`. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; query: URLSearchParams; body: Record<string, unknown> };

export async function startPixelReceiver() {
  const received: Received[] = [];
  const state = { status: 200, delayMs: 0 };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // kept empty: the test sees it
      }
      received.push({ path: url.pathname, query: url.searchParams, body });
      setTimeout(() => {
        res.writeHead(state.status, { 'Content-Type': 'application/json' });
        res.end(state.status < 300 ? '{"events_received":1}' : '{"error":{"message":"Invalid parameter"}}');
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    state,
    metaUrl: `${base}/meta`,
    ga4Url: `${base}/ga4/mp/collect`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
