import { describe, expect, it } from 'vitest';
import { availability, LOW_STOCK_THRESHOLD } from './availability';

describe('availability', () => {
  it('says Esgotado at zero, the last units under the threshold, nothing otherwise', () => {
    expect(availability(null)).toEqual({ soldOut: false, label: null });
    expect(availability(0)).toEqual({ soldOut: true, label: 'Esgotado' });
    expect(availability(-1)).toEqual({ soldOut: true, label: 'Esgotado' });
    expect(availability(1)).toEqual({ soldOut: false, label: 'Última unidade' });
    expect(availability(3)).toEqual({ soldOut: false, label: 'Últimas 3 unidades' });
    expect(availability(LOW_STOCK_THRESHOLD)).toEqual({ soldOut: false, label: `Últimas ${LOW_STOCK_THRESHOLD} unidades` });
    expect(availability(LOW_STOCK_THRESHOLD + 1)).toEqual({ soldOut: false, label: null });
  });
});
