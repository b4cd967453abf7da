/**
 * T18 — what pricing with automatic promotions costs the checkout POST: placeOrder (the POST's
 * use-case: the promotions' read, pricing, the order's transaction and the charge at an
 * in-memory provider) with 50 active promotions vs none, side by side, target ≤ 1.10×.
 *
 * One fresh SQLite file (migrated, seeded), 50 promotions of every type and scope (20 "Leve X,
 * pague Y" on products, 20 "Desconto progressivo" on categories and the shop, 10 "Frete grátis"
 * by UF and CEP range). The two sides differ only in whether those 50 are paused (an untimed
 * update before each timed checkout), so both read the promotions table; checkouts alternate
 * request by request (A B, B A, …) in rounds; the verdict is the median over rounds of the p95
 * ratio, with the p50 ratio beside it. The HTTP and React work of the real POST is the same on
 * both sides and left out, which makes this ratio the stricter one.
 *
 *   node --conditions=react-server --import tsx bench/t18-promotions-pricing.ts [--quick]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-t18-'));
process.env.DATABASE_URL = `file:${path.join(dir, 'app.db')}`;
process.env.SANDBOX_DATABASE_URL = `file:${path.join(dir, 'sandbox.db')}`;
process.env.LOG_LEVEL = 'silent';
process.env.UNPAID_ORDERS_PER_DOCUMENT = '1000000';
process.env.EMAILS_PER_RECIPIENT_PER_DAY = '1000000';

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const median = (xs: number[]) => percentile(xs, 50);

async function main() {
  const quick = process.argv.includes('--quick');
  const { database, ensureMigrated } = await import('@/db');
  const { seed } = await import('@/db/seed');
  const { products, promotions, categories, productCategories } = await import('@/db/schema');
  const { startProcessContext } = await import('@/lib/process/context');
  const { paymentProvider } = await import('@/lib/payments/provider');
  const { FakePaymentProvider } = await import('@/test/payments/fake-payment-provider');
  const { placeOrder } = await import('@/lib/checkout/place-order');
  const { createPromotion } = await import('@/lib/promotions/admin');
  const { saveShippingRules } = await import('@/lib/shipping/settings');
  const { DEFAULT_SHIPPING_RULES } = await import('@/lib/shipping/quote');

  await ensureMigrated();
  await seed(database(), { demoMerchant: false });
  startProcessContext([paymentProvider.provide(new FakePaymentProvider())]);
  const { db } = database();
  await saveShippingRules({ ...DEFAULT_SHIPPING_RULES, nationalCents: 1_990 });
  const catalog = await db.select({ id: products.id }).from(products);
  const ids = catalog.map((p) => p.id);
  const [cat] = await db.insert(categories).values({ slug: 'bench', name: 'Bench' }).returning({ id: categories.id });
  await db.insert(productCategories).values(ids.slice(0, 3).map((productId) => ({ productId, categoryId: cat.id })));
  const actor = 'bench@example.com';
  for (let i = 0; i < 20; i++) await createPromotion({ name: `Leve ${3 + (i % 3)} ${i}`, type: 'buy_x_pay_y', scope: 'product', scopeId: ids[i % ids.length], rules: { buy: 3 + (i % 3), pay: 2 + (i % 3) }, startsAt: null, endsAt: null }, actor);
  for (let i = 0; i < 20; i++)
    await createPromotion({ name: `Progressivo ${i}`, type: 'progressive', scope: i % 2 ? 'category' : 'shop', scopeId: i % 2 ? cat.id : null, rules: { basis: i % 4 < 2 ? 'quantity' : 'subtotal', kind: i % 3 ? 'percent' : 'fixed', tiers: [{ min: 2, value: 500 + i }, { min: 5, value: 1_000 + i }] }, startsAt: null, endsAt: null }, actor);
  for (let i = 0; i < 10; i++) await createPromotion({ name: `Frete ${i}`, type: 'free_shipping', scope: 'shop', scopeId: null, rules: { minCents: 20_000 + i * 1_000, ufs: ['SP', 'RJ', 'MG'].slice(0, 1 + (i % 3)), cepRanges: [{ from: '70000000', to: '70099999' }], options: i % 2 ? 'all' : 'cheapest' }, startsAt: null, endsAt: null }, actor);

  const items = ids.slice(0, 3).map((productId, i) => ({ productId, quantity: 1 + i }));
  const delivery = { zip: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
  const setActive = (active: boolean) => db.update(promotions).set({ pausedAt: active ? null : new Date().toISOString() });
  const one = async (active: boolean) => {
    await setActive(active); // untimed
    const t0 = performance.now();
    const r = await placeOrder({ checkoutKey: randomUUID(), method: 'pix', items, buyer: { name: 'Maria da Silva', document: '52998224725', email: 'maria@example.com' }, delivery });
    const ms = performance.now() - t0;
    if (!r.ok) throw new Error(`checkout refused: ${r.error}`);
    return ms;
  };
  for (let i = 0; i < 20; i++) {
    await one(true);
    await one(false);
  }
  const rounds = quick ? 3 : 7;
  const perRound = quick ? 30 : 60;
  const figures: { with: number; without: number; with50: number; without50: number; p95: number; p50: number }[] = [];
  for (let r = 0; r < rounds; r++) {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < perRound; i++) {
      if ((r + i) % 2 === 0) {
        a.push(await one(true));
        b.push(await one(false));
      } else {
        b.push(await one(false));
        a.push(await one(true));
      }
    }
    figures.push({ with: percentile(a, 95), without: percentile(b, 95), with50: median(a), without50: median(b), p95: percentile(a, 95) / percentile(b, 95), p50: median(a) / median(b) });
  }
  const ratio = median(figures.map((f) => f.p95));
  const ratio50 = median(figures.map((f) => f.p50));
  console.log('T18 checkout POST pricing: 50 active promotions vs none');
  console.log('round  p50 with(ms)  p50 none(ms)  p95 with(ms)  p95 none(ms)  p95 ratio  p50 ratio');
  figures.forEach((f, i) =>
    console.log(`${String(i + 1).padStart(5)}  ${f.with50.toFixed(2).padStart(11)}  ${f.without50.toFixed(2).padStart(12)}  ${f.with.toFixed(2).padStart(12)}  ${f.without.toFixed(2).padStart(12)}  ${f.p95.toFixed(3).padStart(9)}  ${f.p50.toFixed(3).padStart(9)}`),
  );
  console.log(`verdict: median p95 ratio ${ratio.toFixed(3)}× (p50 ${ratio50.toFixed(3)}×), target ≤ 1.10× → ${ratio <= 1.1 ? 'PASS' : 'FAIL'}`);
  database().close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
