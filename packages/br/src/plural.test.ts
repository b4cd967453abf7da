import { describe, expect, it } from 'vitest';
import { plural, pluralWord } from './plural';

describe('plural', () => {
  it.each([
    [0, 'dia', 'dias', '0 dias'],
    [1, 'dia', 'dias', '1 dia'],
    [2, 'dia', 'dias', '2 dias'],
    [1, 'pedido', 'pedidos', '1 pedido'],
    [12, 'pedido pago', 'pedidos pagos', '12 pedidos pagos'],
    [1234, 'pedido', 'pedidos', '1.234 pedidos'],
    [1.5, 'dia', 'dias', '1,5 dias'],
    [-1, 'dia', 'dias', '-1 dia'],
  ])('%d %s → %s', (n, one, other, expected) => {
    expect(plural(n, one, other)).toBe(expected);
  });

  it('gives the word alone', () => {
    expect(pluralWord(1, 'unidade', 'unidades')).toBe('unidade');
    expect(pluralWord(0, 'unidade', 'unidades')).toBe('unidades');
    expect(pluralWord(3, 'unidade', 'unidades')).toBe('unidades');
  });
});
