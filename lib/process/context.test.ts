import { describe, expect, it, vi } from 'vitest';
import { endProcessContext, oncePerProcess, processSingleton, processSlot, ranOncePerProcess, startProcessContext } from './context';

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
    const again = (await import('./context')).processSingleton('test.shared', () => ({ n: 2 }));
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

describe('startProcessContext', () => {
  it('begins an empty context: values are made again, those that hold a resource are closed, latest first', () => {
    const closed: string[] = [];
    const first = processSingleton('test.first', () => ({ n: Math.random() }), { close: () => closed.push('first') });
    const second = processSlot<string>('test.second', { close: (v) => closed.push(v) });
    const before = first();
    second.set('second');
    startProcessContext();
    expect(closed).toEqual(['second', 'first']);
    expect(second.get()).toBeUndefined();
    expect(first()).not.toBe(before);
  });

  it('holds what it is given (a double) instead of making it, and a close that throws does not stop the others', () => {
    const made = vi.fn(() => 'real');
    const client = processSingleton('test.client', made, { close: () => { throw new Error('broken'); } });
    const other = processSlot<number>('test.other', { close: vi.fn() });
    client();
    other.set(1);
    startProcessContext([client.provide('double')]);
    expect(client()).toBe('double');
    expect(made).toHaveBeenCalledTimes(1);
    expect(other.get()).toBeUndefined();
  });

  it('endProcessContext closes the values and the next use begins a fresh context', () => {
    const close = vi.fn();
    const value = processSingleton('test.ended', () => ({}), { close });
    const before = value();
    endProcessContext();
    expect(close).toHaveBeenCalledWith(before);
    expect(value()).not.toBe(before);
  });
});

describe('oncePerProcess', () => {
  it('runs once in the process, across contexts', () => {
    const install = vi.fn();
    expect(ranOncePerProcess('test.install')).toBe(false);
    oncePerProcess('test.install', install);
    startProcessContext();
    oncePerProcess('test.install', install);
    expect(install).toHaveBeenCalledTimes(1);
    expect(ranOncePerProcess('test.install')).toBe(true);
  });
});
