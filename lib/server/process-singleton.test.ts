import { describe, expect, it, vi } from 'vitest';
import { processSingleton, processSlot } from './process-singleton';

describe('processSingleton', () => {
  it('makes the value once, on first use', () => {
    const create = vi.fn(() => new Map<string, number>());
    const get = processSingleton('test.once', create);
    expect(create).not.toHaveBeenCalled();
    expect(get()).toBe(get());
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('is one value per process: a second module (another bundle) asking by the same name shares it', async () => {
    const first = processSingleton('test.shared', () => ({ n: 1 }));
    const made = first();
    vi.resetModules();
    const again = (await import('./process-singleton')).processSingleton('test.shared', () => ({ n: 2 }));
    expect(again()).toBe(made);
    expect(again().n).toBe(1);
  });
});

describe('processSlot', () => {
  it('is empty until set, keeps null apart from unset, and clears', () => {
    const slot = processSlot<string | null>('test.slot');
    expect(slot.get()).toBeUndefined();
    expect(slot.set(null)).toBeNull();
    expect(slot.get()).toBeNull();
    slot.set('x');
    expect(processSlot<string>('test.slot').get()).toBe('x');
    slot.clear();
    expect(slot.get()).toBeUndefined();
  });
});
