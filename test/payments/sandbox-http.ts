/**
 * Test helper: the embedded sandbox served over HTTP on 127.0.0.1 together with the real webhook
 * route, the real client pointed at it and injected as this process's PaymentProvider. The sandbox
 * sends its webhooks over HTTP to the route, as in production.
 */
import { POST as webhookRoute } from '@/app/api/webhooks/payments/[token]/route';
import { createPaymentProvider, type PaymentProvider } from '@/lib/payment-provider/client';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';
import { closeSandboxContext, createSandboxContext, handleSandboxRequestWith, type SandboxContext } from '@balcao/payment-sandbox';
import { sandboxSegments, startHttpServer, type TestServer } from '@/packages/payment-sandbox/test/http-server';

export const SANDBOX_KEY = 'sk_sandbox_dev';

export type SandboxHttp = {
  url: string;
  client: PaymentProvider;
  sandbox: SandboxContext;
  sim<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }>;
  flush(): Promise<{ status: number; json: { attempted: number } }>;
  close(): Promise<void>;
};

export async function startSandboxHttp(opts: { random?: () => number } = {}): Promise<SandboxHttp> {
  process.env.RATE_LIMIT_WEBHOOK_PER_MIN = '1000000';
  // Made once the server's address is known; the server only calls into it after that.
  const made: { sandbox?: SandboxContext } = {};
  const server: TestServer = await startHttpServer(async (req) => {
    const { pathname } = new URL(req.url);
    const segments = sandboxSegments(pathname);
    if (segments) return handleSandboxRequestWith(made.sandbox!, req, segments);
    const m = /^\/api\/webhooks\/payments\/([^/]+)$/.exec(pathname);
    if (m && req.method === 'POST') return webhookRoute(req, { params: Promise.resolve({ token: decodeURIComponent(m[1]) }) });
    return Response.json({ error: 'not found' }, { status: 404 });
  });
  process.env.APP_URL = server.url;
  startProcessContext();
  const sandbox = (made.sandbox = createSandboxContext({ databaseUrl: process.env.SANDBOX_DATABASE_URL!, appUrl: server.url, allowHttpWebhooks: true, random: opts.random }));
  const client = createPaymentProvider({ baseUrl: `${server.url}/api/sandbox`, apiKey: SANDBOX_KEY, sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 20))) });
  startProcessContext([paymentProvider.provide(client)]);

  async function sim<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
    const res = await fetch(`${server.url}/api/sandbox/sim/${path}`, {
      method,
      headers: { 'X-API-KEY': SANDBOX_KEY, 'Content-Type': 'application/json', 'User-Agent': 'BalcaoTest/1.0' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as T };
  }
  return {
    url: server.url,
    client,
    sandbox,
    sim,
    flush: () => sim<{ attempted: number }>('POST', 'webhooks/flush'),
    async close() {
      startProcessContext();
      await server.close();
      closeSandboxContext(sandbox);
      delete process.env.RATE_LIMIT_WEBHOOK_PER_MIN;
      delete process.env.APP_URL;
      startProcessContext();
    },
  };
}
