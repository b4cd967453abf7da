/** A masked role's orders search: the order number only; a role with `buyers:read`, anything. */
import { describe, expect, it } from 'vitest';
import { planSearch } from './order-search';
import { scopeSearch } from './search-scope';

describe('scopeSearch', () => {
  it.each(['Renata', 'Prado Nogueira', '529.982', '52998224725', 'r***@e', '/orders/abcdefgh12345', '#Renata'])(
    'drops %s for the demo login, with the reason',
    (q) => {
      expect(scopeSearch('demo', { q, status: 'paid' })).toEqual({
        filters: { status: 'paid' },
        refused: 'Conta de demonstração: a busca aceita só o número do pedido (como #1001).',
      });
    },
  );

  it('keeps an order number, as "#1001": it searches that number and no document prefix', () => {
    for (const q of ['1001', '#1001', '# 1001']) {
      const { filters, refused } = scopeSearch('demo', { q });
      expect(refused).toBeNull();
      expect(filters.q).toBe('#1001');
      expect(planSearch(filters.q!)).not.toHaveProperty('documentPrefix');
    }
  });

  it('leaves any search to a role with buyers:read', () => {
    for (const role of ['owner', 'manager', 'attendant'] as const) expect(scopeSearch(role, { q: 'Renata' })).toEqual({ filters: { q: 'Renata' }, refused: null });
  });
});
