import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '@/db/schema';
import { nextState, type Observed } from './state';

/**
 * The whole table: every local state × every observation × cancel requested or not.
 * [steps, late, stale]
 */
type Row = [OrderStatus[], boolean, boolean];
const table: Record<OrderStatus, Record<Observed, (cancelRequested: boolean) => Row>> = {
  pending: {
    pending: () => [[], false, false],
    paid: () => [['paid'], false, false],
    refunded: () => [['paid', 'refunded'], false, false],
    canceled: (c) => [[c ? 'canceled' : 'expired'], false, false],
    unknown: () => [[], false, false],
  },
  paid: {
    pending: () => [[], false, true],
    paid: () => [[], false, false],
    refunded: () => [['refunded'], false, false],
    canceled: () => [[], false, true],
    unknown: () => [[], false, false],
  },
  refunded: {
    pending: () => [[], false, true],
    paid: () => [[], false, true],
    refunded: () => [[], false, false],
    canceled: () => [[], false, true],
    unknown: () => [[], false, false],
  },
  canceled: {
    pending: () => [[], false, true],
    paid: () => [['paid'], true, false],
    refunded: () => [['paid', 'refunded'], true, false],
    canceled: () => [[], false, false],
    unknown: () => [[], false, false],
  },
  expired: {
    pending: () => [[], false, true],
    paid: () => [['paid'], true, false],
    refunded: () => [['paid', 'refunded'], true, false],
    canceled: () => [[], false, false],
    unknown: () => [[], false, false],
  },
};

const OBSERVED: Observed[] = ['pending', 'paid', 'refunded', 'canceled', 'unknown'];

describe('nextState', () => {
  const cases = ORDER_STATUSES.flatMap((status) => OBSERVED.flatMap((observed) => [false, true].map((c) => [status, observed, c] as const)));
  it.each(cases)('%s + provider %s (cancel requested: %s)', (status, observed, cancelRequested) => {
    const [steps, late, stale] = table[status][observed](cancelRequested);
    expect(nextState({ status, cancelRequested }, observed)).toEqual({ steps, late, stale });
  });

  it('has 50 cases and never moves backwards', () => {
    expect(cases).toHaveLength(50);
    const rank: Record<OrderStatus, number> = { pending: 0, canceled: 1, expired: 1, paid: 2, refunded: 3 };
    for (const [status, observed, c] of cases) {
      const { steps } = nextState({ status, cancelRequested: c }, observed);
      let r = rank[status];
      for (const s of steps) {
        expect(rank[s]).toBeGreaterThan(r);
        r = rank[s];
      }
    }
  });

  it('enters each state at most once along any path (so one event per (payment, state) suffices)', () => {
    // Walk every sequence of 4 observations from pending and check no state is entered twice.
    const walk = (status: OrderStatus, c: boolean, depth: number, seen: Set<OrderStatus>) => {
      if (depth === 0) return;
      for (const o of OBSERVED) {
        const { steps } = nextState({ status, cancelRequested: c }, o);
        const s2 = new Set(seen);
        for (const s of steps) {
          expect(s2.has(s)).toBe(false);
          s2.add(s);
        }
        walk(steps.at(-1) ?? status, c, depth - 1, s2);
      }
    };
    walk('pending', false, 4, new Set(['pending']));
    walk('pending', true, 4, new Set(['pending']));
  });
});
