/**
 * How one request reaches the payment API: the client (client.ts, http.ts) builds the request
 * and reads the answer; an Exchange carries it. The client takes its exchange as an option —
 * HTTP by default (httpExchange), or any other carrier the composition point chooses, such as
 * the embedded sandbox in process (lib/embedded-provider/in-process-exchange.ts, picked by
 * lib/payments/provider.ts). The client knows no provider.
 */

import http from 'node:http';
import https from 'node:https';

/** One request as the client sends it, and what it reads of the answer. */
export type ExchangeRequest = { url: string; method: 'GET' | 'POST' | 'DELETE'; headers: Record<string, string>; body?: string; timeoutMs: number };
export type ExchangeAnswer = { status: number; header(name: string): string | null; text: string };
/** Sends one request; rejects with ExchangeTimeout when no answer came within `timeoutMs`, or with the network error. */
export type Exchange = (request: ExchangeRequest) => Promise<ExchangeAnswer>;

export class ExchangeTimeout extends Error {
  constructor(timeoutMs: number, options?: { cause?: unknown }) {
    super(`no answer within ${timeoutMs} ms`, options);
    this.name = 'ExchangeTimeout';
  }
}

/** An answer larger than this is refused: the API's largest, a Pix read with its QR image, is a few KB. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * Kept-alive connections to the provider. A free socket is closed after 4 s idle, or 1 s
 * before the server's own `Keep-Alive: timeout=` (Node's agent reads that hint), so a request
 * rarely lands on a socket the server has just closed; when one does, the read is retried
 * (client.ts) and a create is resumed with its idempotency key.
 */
const AGENTS = {
  'http:': new http.Agent({ keepAlive: true, timeout: 4_000 }),
  'https:': new https.Agent({ keepAlive: true, timeout: 4_000 }),
} as const;

/**
 * The exchange over HTTP(S) with node:http: a timeout covering the whole answer, no redirects
 * followed (node:http never follows one: the key never goes elsewhere), nothing cached.
 * Not `fetch`: every webhook's fetch-back goes through here, and node:http costs about a
 * quarter of fetch's CPU per request (no WHATWG streams, no abort-signal plumbing, and not
 * Next's instrumented fetch).
 */
export function httpExchange(): Exchange {
  return ({ url, method, headers, body, timeoutMs }) =>
    new Promise<ExchangeAnswer>((resolve, reject) => {
      const target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') {
        reject(new TypeError(`unsupported protocol ${target.protocol}`));
        return;
      }
      let settled = false;
      const settle = (error: unknown, answer?: ExchangeAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (answer) resolve(answer);
        else reject(error);
      };
      const sendHeaders = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
      const request = (target.protocol === 'https:' ? https : http).request(target, { method, headers: sendHeaders, agent: AGENTS[target.protocol] }, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) request.destroy(new Error(`answer over ${MAX_ANSWER_BYTES} bytes`));
          else chunks.push(chunk);
        });
        response.on('error', (error) => settle(error));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          settle(undefined, {
            status: response.statusCode ?? 0,
            header: (name) => {
              const v = response.headers[name.toLowerCase()];
              return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
            },
            text,
          });
        });
      });
      const timer = setTimeout(() => {
        const error = new ExchangeTimeout(timeoutMs);
        settle(error);
        request.destroy(error);
      }, timeoutMs);
      request.on('error', (error) => settle(error));
      request.end(body);
    });
}
