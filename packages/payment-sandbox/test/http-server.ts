/**
 * Test helper: serves a fetch-style handler (Request → Response) on a real node:http server
 * on 127.0.0.1, so code under test talks real HTTP. `startSandboxHttpServer` mounts the
 * sandbox at /api/sandbox/** exactly as the Next route does; `startHttpServer` serves any
 * handler (webhook receivers, the app's own routes in chaos tests).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { SandboxContext } from '../src/context';
import { handleSandboxRequestWith } from '../src/handler';

export type FetchHandler = (req: Request) => Promise<Response> | Response;

export type TestServer = {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  close(): Promise<void>;
};

function toRequest(req: http.IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : undefined,
    // Node's fetch needs this for a streamed request body.
    duplex: 'half',
  } as RequestInit);
}

async function writeResponse(req: http.IncomingMessage, res: http.ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie?.() ?? [];
  if (cookies.length) headers['set-cookie'] = cookies;
  // Answered before the whole request body was read (a 413): this connection cannot be reused.
  if (!req.complete) {
    headers.connection = 'close';
    res.shouldKeepAlive = false;
  }
  res.writeHead(response.status, headers);
  if (response.body) {
    const bytes = Buffer.from(await response.arrayBuffer());
    res.end(bytes);
  } else {
    res.end();
  }
}

/** Serves `handler` on an ephemeral port (or `port`). */
export async function startHttpServer(handler: FetchHandler, opts: { port?: number } = {}): Promise<TestServer> {
  const server = http.createServer((req, res) => {
    const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
    void (async () => {
      try {
        await writeResponse(req, res, await handler(toRequest(req, origin)));
      } catch (e) {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: `test server: ${(e as Error).message}` }));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

export const SANDBOX_PREFIX = '/api/sandbox/';

/** The catch-all segments of a path under /api/sandbox/, as Next passes them; null outside it. */
export function sandboxSegments(pathname: string): string[] | null {
  if (!pathname.startsWith(SANDBOX_PREFIX)) return null;
  return pathname
    .slice(SANDBOX_PREFIX.length)
    .split('/')
    .filter((s) => s !== '')
    .map((s) => decodeURIComponent(s));
}

/** Serves the sandbox `ctx` at <url>/api/sandbox/**. `baseUrl` is what a client takes as its PAYMENT_API_URL. */
export async function startSandboxHttpServer(opts: { ctx: SandboxContext; port?: number }): Promise<TestServer & { baseUrl: string }> {
  const server = await startHttpServer(async (req) => {
    const segments = sandboxSegments(new URL(req.url).pathname);
    if (!segments) return Response.json({ error: 'not found' }, { status: 404 });
    return handleSandboxRequestWith(opts.ctx, req, segments);
  }, opts);
  return { ...server, baseUrl: `${server.url}/api/sandbox` };
}
