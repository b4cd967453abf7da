/**
 * Shoppers in their own process, for offers.test.ts: each buys one unit of product <trigger> and
 * ticks its offer at checkout ("Adicionar ao pedido"), all at the shared start instant, through
 * the real placeOrder (the provider is an in-memory fake: the race is the database's).
 * Prints one JSON line: [{"ok": true} | {"ok": false, "error"}].
 * Run: node --conditions=react-server --import tsx offer-worker.ts <trigger> <startAtMs> <shoppers>
 */
import { randomUUID } from 'node:crypto';
import { startProcessContext } from '@/lib/process/context';
import { database } from '@/db';
import { paymentProvider } from '@/lib/payments/provider';
import { placeOrder } from '@/lib/checkout/place-order';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { getSettings } from '@/lib/payment-settings/settings';

async function main() {
  const [trigger, startAt, shoppers] = process.argv.slice(2).map(Number);
  startProcessContext([paymentProvider.provide(new FakePaymentProvider())]);
  await getSettings();
  while (Date.now() < startAt) {
    /* spin: every process leaves the line within a millisecond of the others */
  }
  const results = await Promise.all(
    Array.from({ length: shoppers }, async () => {
      const r = await placeOrder({
        checkoutKey: randomUUID(),
        method: 'pix',
        items: [{ productId: trigger, quantity: 1 }],
        offer: trigger,
        buyer: { name: `Comprador ${process.pid}`, document: '52998224725', email: 'comprador@example.com' },
        delivery: { zip: '01310100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
      });
      return r.ok ? { ok: true } : { ok: false, error: r.error };
    }),
  );
  process.stdout.write(`${JSON.stringify(results)}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify([{ ok: false, error: `error: ${String(e)}` }])}\n`);
  process.exit(1);
});
