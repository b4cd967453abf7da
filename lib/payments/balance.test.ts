import { afterEach, describe, expect, it } from 'vitest';
import { PaymentProviderError } from '@/lib/payment-provider/client';
import { readBalance } from './balance';
import { startProcessContext } from '@/lib/process/context';

afterEach(() => startProcessContext());
const at = () => new Date('2025-03-10T15:00:00.000Z');

describe('readBalance', () => {
  it('returns the balance with the time it was read', async () => {
    expect(await readBalance({ getBalance: async () => ({ balanceCents: 12345 }) }, at)).toEqual({ ok: true, balanceCents: 12345, at: '2025-03-10T15:00:00.000Z' });
  });
  it('never throws: an error in Portuguese, with the last value read', async () => {
    await readBalance({ getBalance: async () => ({ balanceCents: 500 }) }, at);
    const r = await readBalance({
      getBalance: async () => {
        throw new PaymentProviderError('unavailable', 'timeout');
      },
    });
    expect(r).toEqual({ ok: false, error: 'O serviço de pagamentos não respondeu. Tente novamente em instantes.', last: { balanceCents: 500, at: '2025-03-10T15:00:00.000Z' } });
  });
  it('has no last value before the first successful read', async () => {
    const r = await readBalance({
      getBalance: async () => {
        throw new Error('boom');
      },
    });
    expect(r).toMatchObject({ ok: false, last: null });
  });
});
