import { describe, expect, test } from 'vitest';
import { parseCarrierForm } from './carrier-form';

const form = (o: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(o)) f.set(k, v);
  return f;
};

describe('the Melhor Envio form', () => {
  test('reads the settings; blank token keeps the stored one', () => {
    const r = parseCarrierForm(form({ carrierEnabled: 'on', environment: 'production', originZip: '01310-100', handlingDays: '2', adjustKind: 'percent', adjustValue: '-5', service1: 'on', service2: 'on' }));
    expect(r).toEqual({ ok: true, value: { enabled: true, environment: 'production', originZip: '01310100', services: [1, 2], handlingDays: 2, adjust: { kind: 'percent', value: -500 } } });
  });
  test('a token to seal, or removed; R$ adjustment in centavos', () => {
    const r = parseCarrierForm(form({ originZip: '', token: 'abc.DEF-123_xyz', adjustKind: 'cents', adjustValue: '2,50' }));
    expect(r.ok && [r.value.token, r.value.adjust]).toEqual(['abc.DEF-123_xyz', { kind: 'cents', value: 250 }]);
    const removed = parseCarrierForm(form({ removeToken: 'on' }));
    expect(removed.ok && removed.value.token).toBe('');
  });
  test('errors next to their fields, in Portuguese', () => {
    const r = parseCarrierForm(form({ carrierEnabled: 'on', originZip: '123', handlingDays: '-1', adjustKind: 'percent', adjustValue: 'x' }));
    expect(r.ok ? null : Object.keys(r.fieldErrors).sort()).toEqual(['adjustValue', 'handlingDays', 'originZip', 'services']);
  });
});
