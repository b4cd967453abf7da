/**
 * The out-of-process provider (bench/lib/provider-stub.ts) as T2 and its profiling tool use it:
 * an app started against it, and Pix orders paid there.
 */
import { randomUUID } from 'node:crypto';
import { paymentOfOrder, type PaymentRow } from './app-db';
import type { ProviderStub, Server } from './server';
import { checkoutOrThrow } from './shop';
import { sleep } from './stats';

/** The stub's API key (it accepts any; T2's storm signs its deliveries with it). */
export const STUB_KEY = 'sk_bench_provider_stub';

/** The environment of an app whose provider is the stub (no embedded sandbox, the seed's products). */
export function onStub(stub: Pick<ProviderStub, 'url'>): Record<string, string> {
  return { PAYMENT_API_URL: stub.url, PAYMENT_API_KEY: STUB_KEY, SANDBOX_ENABLED: 'false', SEED_ON_EMPTY: 'true' };
}

/** A webhook delivery's body for a provider id (a new event id each time). */
export function deliveryBody(providerId: string, type = 'QRCodeCompleted') {
  return JSON.stringify({ id: randomUUID(), type, created_at: new Date().toISOString(), data: { id: providerId, status: 'completed' } });
}

export type Paid = { token: string; payment: PaymentRow };

/** Waits until the app has applied "paid" (a status poll also heals a lost webhook). */
export async function untilPaid(server: Server, token: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (paymentOfOrder(server.appDbPath, token).status !== 'paid') {
    if (Date.now() > deadline) throw new Error('paid payment was not applied within 15 s');
    await fetch(`${server.url}/api/orders/${token}/status`);
    await sleep(200);
  }
}

/** A Pix order through the app, paid at the provider stub; with `deliver`, one webhook applies it. */
export async function paidAtStub(app: Server, stubUrl: string, deliver: boolean): Promise<Paid> {
  const token = await checkoutOrThrow(app.url, 'pix');
  const p = paymentOfOrder(app.appDbPath, token);
  if (!p.provider_id) throw new Error('the Pix payment has no provider id after checkout');
  const r = await fetch(`${stubUrl}/__stub/pay/${p.provider_id}`, { method: 'POST' });
  if (!r.ok) throw new Error(`stub pay → ${r.status}`);
  if (deliver) {
    const w = await fetch(`${app.url}/api/webhooks/payments/${p.webhook_token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: deliveryBody(p.provider_id) });
    if (w.status !== 200) throw new Error(`webhook route answered ${w.status}: ${await w.text()}`);
    await untilPaid(app, token);
  }
  return { token, payment: paymentOfOrder(app.appDbPath, token) };
}
