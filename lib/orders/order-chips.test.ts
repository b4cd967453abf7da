import { describe, expect, it } from 'vitest';
import { currentChip, ORDER_CHIPS } from './order-chips';

describe('currentChip', () => {
  it.each([
    [{}, 'all'],
    [{ status: 'pending' as const }, 'pending'],
    [{ fulfillment: 'shipped' as const }, 'shipped'],
    [{ status: 'canceled' as const }, 'canceled'],
    // Another filter on top: the form's choice, no chip.
    [{ status: 'pending' as const, method: 'pix' as const }, null],
    [{ q: 'maria' }, null],
  ])('%j → %s', (filters, chip) => {
    expect(currentChip(filters)).toBe(chip);
  });

  it('names the chips in the shopkeeper’s words', () => {
    expect(ORDER_CHIPS.map((c) => c.label)).toEqual(['Todos', 'Aguardando pagamento', 'A enviar', 'Enviados', 'Cancelados']);
  });
});
