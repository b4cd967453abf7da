/**
 * How one request reaches the payment API: the client (client.ts, http.ts) builds the request
 * and reads the answer; an Exchange carries it. The client takes its exchange as an option —
 * HTTP by default (fetchExchange), or any other carrier the composition point chooses, such as
 * the embedded sandbox in process (lib/sandbox/in-process-exchange.ts, picked by
 * lib/payments/api.ts). The client knows no provider.
 */

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

/** The exchange over HTTP: `doFetch` with a timeout signal, no redirects followed (the key never goes elsewhere), no cache. */
export function fetchExchange(doFetch: typeof fetch): Exchange {
  return async ({ url, method, headers, body, timeoutMs }) => {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await doFetch(url, { method, headers, body, signal, redirect: 'manual', cache: 'no-store' });
      const text = await response.text();
      return { status: response.status, header: (name) => response.headers.get(name), text };
    } catch (error) {
      if (signal.aborted) throw new ExchangeTimeout(timeoutMs, { cause: error });
      throw error;
    }
  };
}
