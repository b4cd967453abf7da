import { describe, expect, it } from 'vitest';
import { faultLines, offsetText } from './simulator-text';

const NO_FAULTS = {
  latency_ms: 0,
  error_rate: 0,
  rate_limit_rate: 0,
  retry_after_seconds: 1,
  webhook_drop_rate: 0,
  webhook_duplicate_rate: 0,
  webhook_reorder: false,
};

describe('offsetText', () => {
  it('says the clock is the real one when it has not moved', () => {
    expect(offsetText(0)).toBe('sem avanço: igual ao relógio real');
  });
  it('names days, hours and minutes, and seconds only when nothing larger', () => {
    expect(offsetText((86_400 + 2 * 3600 + 5 * 60) * 1000)).toBe('adiantado 1 d 2 h 5 min em relação ao relógio real');
    expect(offsetText(45_000)).toBe('adiantado 45 s em relação ao relógio real');
  });
});

describe('faultLines', () => {
  it('is empty when no fault is on', () => {
    expect(faultLines(NO_FAULTS)).toEqual([]);
  });
  it('has one line per fault that is on, in the order the card lists them', () => {
    expect(faultLines({ ...NO_FAULTS, latency_ms: 300, rate_limit_rate: 0.25, retry_after_seconds: 2, webhook_reorder: true })).toEqual([
      'latência adicional de 300 ms',
      '25 % com 429 (Retry-After 2 s)',
      'webhooks fora de ordem',
    ]);
  });
});
