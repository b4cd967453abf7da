import { describe, expect, it } from 'vitest';
import { statusBadgeClass, statusLabel } from './status-labels';

describe('status labels', () => {
  it('speaks Portuguese on screen', () => {
    expect(statusLabel('pending')).toBe('Aguardando pagamento');
    expect(statusLabel('paid')).toBe('Pago');
    expect(statusLabel('canceled')).toBe('Cancelado');
    expect(statusLabel('expired')).toBe('Expirado');
  });
  it('tells a partial refund apart', () => {
    expect(statusLabel('refunded', 500, 1000)).toBe('Reembolsado parcialmente');
    expect(statusLabel('refunded', 1000, 1000)).toBe('Reembolsado');
    expect(statusBadgeClass('paid')).toBe('badge badge-paid');
  });
});
