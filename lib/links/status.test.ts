import { describe, expect, it } from 'vitest';
import { closedMessage, linkState, type LinkStats } from './status';

const TODAY = '2026-11-24';
const open = { disabledAt: null, expiresOn: null, maxPayments: null };
/** `pending` orders all still within their reservation unless `holding` says otherwise. */
const stats = (s: Partial<LinkStats> = {}): LinkStats => ({ pending: 0, paidCount: 0, paidCents: 0, ...s, holding: s.holding ?? s.pending ?? 0 });

describe('linkState', () => {
  it('is active until something closes it', () => {
    expect(linkState(open, stats({ paidCount: 1000 }), TODAY)).toBe('active');
    expect(linkState({ ...open, expiresOn: TODAY }, stats(), TODAY)).toBe('active');
  });
  it('expires the day after its last day (São Paulo dates)', () => {
    expect(linkState({ ...open, expiresOn: '2026-11-23' }, stats(), TODAY)).toBe('expired');
  });
  it('is sold out when pending and paid orders fill the limit; canceled and expired orders do not count', () => {
    const oneOff = { ...open, maxPayments: 1 };
    expect(linkState(oneOff, stats(), TODAY)).toBe('active');
    expect(linkState(oneOff, stats({ pending: 1 }), TODAY)).toBe('sold_out');
    expect(linkState(oneOff, stats({ paidCount: 1 }), TODAY)).toBe('sold_out');
    expect(linkState({ ...open, maxPayments: 3 }, stats({ pending: 1, paidCount: 1 }), TODAY)).toBe('active');
  });
  it('a pending order whose reservation lapsed no longer holds its place', () => {
    const oneOff = { ...open, maxPayments: 1 };
    expect(linkState(oneOff, stats({ pending: 1, holding: 0 }), TODAY)).toBe('active');
    expect(closedMessage(oneOff, stats({ pending: 3, holding: 0 }), TODAY)).toBeNull();
  });
  it('says Desativado before Expirado before Esgotado', () => {
    expect(linkState({ disabledAt: '2026-11-01T00:00:00Z', expiresOn: '2026-01-01', maxPayments: 1 }, stats({ paidCount: 1 }), TODAY)).toBe('disabled');
    expect(linkState({ disabledAt: null, expiresOn: '2026-01-01', maxPayments: 1 }, stats({ paidCount: 1 }), TODAY)).toBe('expired');
  });
});

describe('closedMessage', () => {
  it('tells a buyer plainly why nothing can be paid', () => {
    expect(closedMessage(open, stats(), TODAY)).toBeNull();
    expect(closedMessage({ ...open, maxPayments: 1 }, stats({ paidCount: 1 }), TODAY)?.title).toBe('Este link já foi pago');
    expect(closedMessage({ ...open, maxPayments: 2 }, stats({ paidCount: 2 }), TODAY)?.title).toBe('Este link já atingiu o limite de pagamentos');
    expect(closedMessage({ ...open, maxPayments: 1 }, stats({ pending: 1 }), TODAY)?.title).toBe('Este link já tem um pagamento em andamento');
    expect(closedMessage({ ...open, expiresOn: '2026-11-01' }, stats(), TODAY)?.title).toBe('Este link expirou');
    expect(closedMessage({ ...open, disabledAt: 'x' }, stats(), TODAY)?.title).toBe('Este link foi desativado');
  });
});
