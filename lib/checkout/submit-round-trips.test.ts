/**
 * The checkout's submit on the libSQL driver (the path Turso takes), counted in database round
 * trips: the rate limit, the cart and the place-order context go in one batch, and placing reads
 * none of them again. The count may only go down.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { withFakeProvider } from '@/test/payments/fake-provider';
import { formData as form } from '@/test/form-data';
import { installRoundTripProbe } from '@/bench/lib/libsql-probe';

const uninstallProbe = installRoundTripProbe('count');

vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (name === 'balcao_cart' ? { name, value: '1x1' } : undefined),
    set: vi.fn(),
    delete: vi.fn(),
  }),
  headers: async () => new Headers(),
}));

const { submitCheckout } = await import('./submit-checkout');

withFakeProvider();
afterAll(() => uninstallProbe());

const DELIVERY = { zip: '01310-100', street: 'Avenida Paulista', number: '1000', complement: '', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };

async function roundTripsOf(work: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const toStderr = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string) => (String(chunk).startsWith('db-rt ') ? lines.push(String(chunk).split(' ')[2]) > 0 : toStderr(chunk))) as typeof process.stderr.write;
  try {
    await work();
  } finally {
    process.stderr.write = toStderr;
  }
  return lines;
}

// Counted on the libSQL run only (vitest.config.mts): better-sqlite3 has no round trips.
describe.skipIf(process.env.DATABASE_DRIVER !== 'libsql')('the checkout submit on libSQL', () => {
  it('places an order in a fixed number of round trips', async () => {
    const submit = () => submitCheckout(form({ checkoutKey: randomUUID(), method: 'pix', name: 'Ana Souza', document: '529.982.247-25', email: 'ana@exemplo.com.br', ...DELIVERY }), { ip: `10.9.${Math.floor(Math.random() * 200)}.1` });
    await submit(); // warm: first statements, caches
    const trips = await roundTripsOf(async () => expect(await submit()).toMatchObject({ ok: true }));
    // The rate limit with the cart and the place-order context; the live promotions (pricing);
    // the order's transaction (its reads, then the held writes with the read-back); the
    // provider's answer stored in one atomic batch.
    expect(trips).toEqual(['batch', 'batch', 'begin', 'tx-batch', 'tx-batch', 'commit', 'batch']);
  });
});
