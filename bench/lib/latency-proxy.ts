/**
 * A TCP proxy on 127.0.0.1 that holds every chunk of bytes for `oneWayMs` before passing it on,
 * in each direction, keeping their order: a round trip through it costs 2 × oneWayMs, as a
 * network between a phone and a server does. On loopback a page's script chunks come back
 * sooner after its document than over any network, and Lighthouse's simulation counts a chunk
 * that ends before the first frame into the LCP (docs/benchmarks-log.md, "LCP, product page
 * under simulated throttling"): this puts the network's delay back, to see what is the page's
 * and what is loopback's. Latency only: no bandwidth limit, no loss.
 */
import net from 'node:net';

export type LatencyProxy = { url: string; close(): Promise<void> };

/** Writes each chunk `delayMs` after it was read, in the order read (one queue, one timer at a time). */
function delayedPipe(from: net.Socket, to: net.Socket, delayMs: number) {
  const queue: { due: number; chunk: Buffer | null }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const drain = () => {
    timer = undefined;
    while (queue.length > 0 && queue[0].due <= Date.now()) {
      const { chunk } = queue.shift()!;
      if (to.destroyed) continue;
      if (chunk) to.write(chunk);
      else to.end();
    }
    if (queue.length > 0) timer = setTimeout(drain, queue[0].due - Date.now());
  };
  const push = (chunk: Buffer | null) => {
    queue.push({ due: Date.now() + delayMs, chunk });
    timer ??= setTimeout(drain, delayMs);
  };
  // The far end's close reaches this side once what it sent before has: cut short (a reset, an
  // error), it still closes cleanly after the bytes already read, as the network would deliver them.
  let ended = false;
  const endOnce = () => {
    if (!ended) push(null);
    ended = true;
  };
  from.on('data', (chunk: Buffer) => push(chunk));
  from.on('end', endOnce);
  from.on('close', endOnce);
  from.on('error', () => undefined);
}

export function startLatencyProxy(target: string, oneWayMs: number): Promise<LatencyProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    delayedPipe(client, upstream, oneWayMs);
    delayedPipe(upstream, client, oneWayMs);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: proxyPort } = server.address() as net.AddressInfo;
      resolve({
        url: `http://127.0.0.1:${proxyPort}`,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
