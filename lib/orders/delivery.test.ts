import { describe, expect, it } from 'vitest';
import { addressLines, addressOneLine, deliveryOf, formatCep, shippingValue } from './delivery';
import { NOTHING_SHIPS, PAULISTA_DELIVERY } from '@/test/orders/delivery';

const base = NOTHING_SHIPS;

describe('delivery view', () => {
  it('nothing ships: no method, no address', () => {
    expect(deliveryOf(base)).toEqual({ method: null, cents: 0, address: null, pickupAddress: null, service: null, arrival: null });
  });

  it('a carrier service: its name and the promised range', () => {
    const d = deliveryOf({ ...PAULISTA_DELIVERY, shippingServiceName: 'SEDEX', deliveryFromDate: '2026-12-03', deliveryToDate: '2026-12-05' });
    expect([d.service, d.arrival]).toEqual(['SEDEX', 'Chega entre 03/12 e 05/12']);
  });

  it('delivery: the address as an envelope shows it, and the shipping value', () => {
    const d = deliveryOf(PAULISTA_DELIVERY);
    expect(addressLines(d.address!)).toEqual(['Avenida Paulista, 1000 — apto 12', 'Bela Vista, São Paulo/SP', 'CEP 01310-100']);
    expect(addressOneLine(d.address!)).toBe('Avenida Paulista, 1000 — apto 12 · Bela Vista, São Paulo/SP · CEP 01310-100');
    expect(shippingValue(d)).toBe('R$ 12,90');
    expect(shippingValue({ ...d, cents: 0 })).toBe('Grátis');
  });

  it('pickup: the pickup address, no delivery address', () => {
    const d = deliveryOf({ ...base, shippingMethod: 'pickup', pickupAddress: 'Rua Augusta, 1500', deliveryZip: '01310100' });
    expect(d).toMatchObject({ method: 'pickup', address: null, pickupAddress: 'Rua Augusta, 1500' });
    expect(shippingValue(d)).toBe('Retirar na loja (grátis)');
    expect(formatCep('123')).toBe('123');
  });
});
