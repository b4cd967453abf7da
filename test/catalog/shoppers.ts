/**
 * The body of a shoppers worker, another server instance's checkouts for the database races
 * (test/catalog/checkout-worker.ts: stock, order numbers, e-mail caps; test/checkout/offer-worker.ts:
 * offers; started by raceWorkers): opens the shop database named by DATABASE_URL (its own
 * connection), waits for the race's start (test/race-start.ts), then runs `shoppers` checkouts of `cart` at once through the
 * real placeOrder (the provider is an in-memory fake: the race is the database's).
 * A submit answered "Tente novamente" (the database stayed busy past its timeout: on a loaded
 * 2-core runner eight writers in four processes can queue that long) is sent again with the same
 * checkout key, as the shopper's retry would be: the race stays the same submits.
 * Prints one JSON line: [{"ok": true} | {"ok": false, "error"}].
 */
import { randomUUID } from 'node:crypto';
import { startProcessContext } from '@/lib/process/context';
import { database } from '@/db';
import { paymentProvider } from '@/lib/payments/provider';
import { placeOrder, TRY_AGAIN } from '@/lib/checkout/place-order';
import type { OrderInput } from '@/lib/checkout/order-input';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { getSettings } from '@/lib/payment-settings/settings';
import { readyForTheStart } from '@/test/race-start';

type Cart = Pick<OrderInput, 'items' | 'offer'>;

async function shop(shoppers: number, cart: Cart) {
  startProcessContext([paymentProvider.provide(new FakePaymentProvider())]);
  await getSettings(); // opens the connection before the start line
  await readyForTheStart();
  const results = await Promise.all(
    Array.from({ length: shoppers }, async () => {
      const checkoutKey = randomUUID();
      const submit = () =>
        placeOrder({
          checkoutKey,
          method: 'pix',
          ...cart,
          buyer: { name: `Comprador ${process.pid}`, document: '52998224725', email: 'comprador@example.com' },
          // The products ship: every order of them says where to.
          delivery: { zip: '01310100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
        });
      let r = await submit();
      for (let retry = 0; retry < 2 && !r.ok && r.error === TRY_AGAIN; retry++) r = await submit();
      return r.ok ? { ok: true } : { ok: false, error: r.error };
    }),
  );
  process.stdout.write(`${JSON.stringify(results)}\n`);
  database().close();
}

export function runShoppersWorker(shoppers: number, cart: Cart): void {
  shop(shoppers, cart).catch((e) => {
    process.stdout.write(`${JSON.stringify([{ ok: false, error: `error: ${String(e)}` }])}\n`);
    process.exit(1);
  });
}
