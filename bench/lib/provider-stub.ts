/**
 * An out-of-process payment provider for T2 and T8: a small node:http server on 127.0.0.1
 * that answers the Payment Service API's Pix calls from memory, so that the app's fetch-back
 * costs what it costs in production (a wait on a socket) and not the embedded sandbox's CPU
 * on the same two cores. A read answers a prebuilt JSON string: a few microseconds.
 *
 *   node --import tsx bench/lib/provider-stub.ts <port>
 *
 * API: POST /v1/pix/due (201, status "empty", the payload with a QR image like the
 * sandbox's), GET /v1/pix/{id}, DELETE /v1/pix/{id}, GET /v1/customers/balance; control:
 * POST /__stub/pay/{id} (the payment becomes "completed"), GET /__stub/stats.
 * Idempotency-Key is honoured on create. Any X-API-KEY is accepted (the stub is the app's
 * counterpart in a benchmark, not a test of authentication).
 */
import http from 'node:http';
import QRCode from 'qrcode';

type Pix = { id: string; status: string; fields: Record<string, unknown>; createdAt: string; updatedAt: string; json: string };

const port = Number(process.argv[2] ?? process.env.STUB_PORT ?? 3127);
const payments = new Map<string, Pix>();
const byIdempotencyKey = new Map<string, string>();
const stats = { creates: 0, reads: 0, pays: 0, other: 0 };
let seq = 0;

// One QR image for every charge (built once): the row's shape matches the sandbox's (~5 KB
// image stored ahead of the columns the webhook reads), at no cost per request.
const SAMPLE_CODE = '00020101021226830014br.gov.bcb.pix2561qrpix.example.com.br/qr/v2/cobv/0000000000000000000000000000000005204000053039865802BR5913BALCAO BENCH 6009SAO PAULO62070503***6304ABCD';
let image = '';

function render(p: Pix): void {
  p.json = JSON.stringify({
    id: p.id,
    ...p.fields,
    status: p.status,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    payload: { payload_id: Number(p.id.slice(4)), data: SAMPLE_CODE, image },
  });
}

function send(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const method = req.method ?? 'GET';
  const pix = /^\/v1\/pix\/([A-Za-z0-9_-]+)$/.exec(url);
  if (method === 'GET' && pix) {
    stats.reads++;
    const p = payments.get(pix[1]);
    return p ? send(res, 200, p.json) : send(res, 404, '{"error":"not found"}');
  }
  if (method === 'POST' && url === '/v1/pix/due') {
    const body = await readBody(req);
    const key = req.headers['idempotency-key'];
    const known = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
    if (known) return send(res, 201, payments.get(known)!.json);
    stats.creates++;
    const now = new Date().toISOString();
    const { notification_url: _n, ...fields } = JSON.parse(body) as Record<string, unknown>;
    const p: Pix = { id: `pix_${++seq}`, status: 'empty', fields, createdAt: now, updatedAt: now, json: '' };
    render(p);
    payments.set(p.id, p);
    if (typeof key === 'string') byIdempotencyKey.set(key, p.id);
    return send(res, 201, p.json);
  }
  const pay = /^\/__stub\/pay\/([A-Za-z0-9_-]+)$/.exec(url);
  if (method === 'POST' && pay) {
    const p = payments.get(pay[1]);
    if (!p) return send(res, 404, '{"error":"not found"}');
    stats.pays++;
    p.status = 'completed';
    p.updatedAt = new Date().toISOString();
    render(p);
    return send(res, 200, p.json);
  }
  if (method === 'DELETE' && pix) {
    const p = payments.get(pix[1]);
    if (!p) return send(res, 404, '{"error":"not found"}');
    if (p.status !== 'completed') {
      p.status = 'canceled';
      p.updatedAt = new Date().toISOString();
      render(p);
    }
    return send(res, 200, p.json);
  }
  stats.other++;
  if (method === 'GET' && url === '/v1/customers/balance') return send(res, 200, '{"balance":0}');
  if (method === 'GET' && url === '/__stub/stats') return send(res, 200, JSON.stringify({ ...stats, payments: payments.size }));
  await readBody(req);
  return send(res, 404, '{"error":"not handled by the benchmark provider"}');
}

/** The stub's HTTP server, listening on 127.0.0.1:port once the promise resolves. */
export async function listenProviderStub(port: number): Promise<http.Server> {
  if (!image) image = await QRCode.toDataURL(SAMPLE_CODE, { errorCorrectionLevel: 'M', margin: 2, scale: 4 });
  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => send(res, 500, JSON.stringify({ error: String(e) })));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

// Run as a process by bench/lib/server.ts (startProviderStub); imported by its test.
if (process.argv[1] && /provider-stub\.ts$/.test(process.argv[1])) {
  void listenProviderStub(port).then((server) => {
    console.log(`provider-stub listening on 127.0.0.1:${port}`);
    for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.close(() => process.exit(0)));
  });
}
