/**
 * A merchant's "Comprar etiqueta" in its own process, for labels.test.ts: opens the shop database
 * named by DATABASE_URL (its own connection, as another server instance would), talks to the
 * carrier at <carrierUrl> over HTTP, waits for the race's start, then clicks `clicks`
 * times at once. Prints one JSON line: the results.
 * Run: node --conditions=react-server --import tsx label-worker.ts <orderId> <carrierUrl> <clicks>
 */
import { database } from '@/db';
import { buyLabel } from '@/lib/fulfilment/labels';
import { getCarrierSettings } from '@/lib/shipping/carrier';
import { melhorEnvio } from '@/lib/shipping/melhor-envio';
import { readyForTheStart } from '@/test/race-start';

async function main() {
  const [orderId, carrierUrl, clicks] = process.argv.slice(2);
  const client = melhorEnvio({ baseUrl: carrierUrl, token: 'sandbox', userAgent: 'test', timeoutMs: 10_000 });
  await getCarrierSettings(); // opens the connection before the start line
  await readyForTheStart();
  const results = await Promise.all(Array.from({ length: Number(clicks) }, () => buyLabel(orderId, { actor: { id: 1, email: `tab-${process.pid}@loja.com` }, client })));
  process.stdout.write(`${JSON.stringify(results)}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify([{ ok: false, error: `error: ${String(e)}` }])}\n`);
  process.exit(1);
});
