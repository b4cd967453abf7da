import { describe, expect, it } from 'vitest';
import { orderQueryString, parseDateParam, parseOrderQuery } from './order-filters';

describe('parseOrderQuery', () => {
  it('reads every filter and the page', () => {
    const r = parseOrderQuery({ status: 'paid', method: 'pix', from: '2025-01-01', to: '31/01/2025', q: '  Maria   Silva ', page: '3' });
    expect(r).toEqual({ filters: { status: 'paid', method: 'pix', from: '2025-01-01', to: '2025-01-31', q: 'Maria Silva' }, page: 3, errors: [] });
  });
  it('ignores unknown values with a message, and "all"', () => {
    const r = parseOrderQuery(new URLSearchParams('status=bogus&method=all&from=2025-02-30&page=-1'));
    expect(r.filters).toEqual({});
    expect(r.page).toBe(1);
    expect(r.errors).toEqual(['Status desconhecido: mostrando todos.', 'Data inicial inválida: use dd/mm/aaaa.']);
  });
  it('swaps a reversed date range', () => {
    const r = parseOrderQuery({ from: '2025-03-10', to: '2025-03-01' });
    expect(r.filters).toEqual({ from: '2025-03-01', to: '2025-03-10' });
    expect(r.errors).toHaveLength(1);
  });
  it('takes the first of repeated parameters and caps the search', () => {
    const r = parseOrderQuery({ status: ['pending', 'paid'], q: 'x'.repeat(300) });
    expect(r.filters.status).toBe('pending');
    expect(r.filters.q).toHaveLength(100);
  });
  it('drops control characters from the search (?q=%00abc)', () => {
    expect(parseOrderQuery(new URLSearchParams('q=%00abc')).filters.q).toBe('abc');
    expect(parseOrderQuery({ q: 'Ana\u0007\u0000 Souza\u009f' }).filters.q).toBe('Ana Souza');
    expect(parseOrderQuery({ q: '\u0000' }).filters.q).toBeUndefined();
  });
  it('round-trips through the query string', () => {
    const filters = { status: 'refunded' as const, method: 'boleto' as const, from: '2025-01-01', q: 'a&b' };
    expect(parseOrderQuery(new URLSearchParams(orderQueryString(filters, 2)))).toEqual({ filters, page: 2, errors: [] });
    expect(orderQueryString({}, 1)).toBe('');
  });
});

describe('parseDateParam', () => {
  it.each([
    ['2024-02-29', '2024-02-29'],
    ['1/2/2025', '2025-02-01'],
    ['29/02/2023', null],
    ['2025-13-01', null],
    ['ontem', null],
  ])('%s → %s', (input, expected) => expect(parseDateParam(input)).toBe(expected));
});

describe('parseOrderQuery — payment link', () => {
  it('filters by a link id, and refuses anything that is not one', () => {
    const id = '3f2a9c1b-0000-4000-8000-000000000001';
    expect(parseOrderQuery({ link: id.toUpperCase() })).toEqual({ filters: { link: id }, page: 1, errors: [] });
    expect(parseOrderQuery(new URLSearchParams(orderQueryString({ link: id, status: 'paid' })))).toEqual({ filters: { link: id, status: 'paid' }, page: 1, errors: [] });
    expect(parseOrderQuery({ link: "1' OR 1=1" })).toEqual({ filters: {}, page: 1, errors: ['Link de pagamento desconhecido: mostrando todos os pedidos.'] });
  });
});
