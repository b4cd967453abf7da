/**
 * The event loop's window (T8's notes): only the probe's intervals inside the window count, the
 * CPU is in cores over the probe's 500 ms intervals, the delays are the intervals' medians.
 */
import { describe, expect, it } from 'vitest';
import { loopWindow } from './load-floor';

const sample = (t: number, elu: number, cpuMs: number, p99: number) => ({ t, p50: p99 / 4, p99, max: p99 * 2, elu, cpuMs });

describe('loopWindow', () => {
  it('summarises the intervals that ended inside the window', () => {
    const samples = [sample(1_000, 0.1, 50, 4), sample(10_500, 1, 500, 100), sample(11_000, 0.9, 400, 200), sample(11_500, 0.8, 300, 300), sample(20_000, 0, 0, 1)];
    expect(loopWindow(samples, 10_000, 12_000)).toEqual({
      intervals: 3,
      utilisation: 0.9,
      cpuCores: 0.8,
      delayP50: 50,
      delayP99: 200,
      delayMax: 600,
    });
  });

  it('has nothing to say about a window without samples', () => {
    expect(loopWindow([sample(1_000, 0.1, 50, 4)], 5_000, 6_000)).toBeNull();
  });
});
