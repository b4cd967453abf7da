import { afterEach, describe, expect, it, vi } from 'vitest';
import { startProcessContext } from '@/lib/process/context';
import { intervalLoop } from './interval-loop';

afterEach(() => {
  startProcessContext();
  vi.useRealTimers();
});

/** A pass that stays open until the test lets it end. */
function heldPasses() {
  const releases: (() => void)[] = [];
  const pass = vi.fn(() => new Promise<void>((resolve) => releases.push(resolve)));
  return { pass, releaseAll: () => releases.splice(0).forEach((r) => r()) };
}

describe('intervalLoop', () => {
  it('runs a pass every interval, skips a tick while one runs, and starts once', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { pass, releaseAll } = heldPasses();
    const loop = intervalLoop('test.loop.a', pass, () => {});
    expect(loop.start(100)).toBe(true);
    expect(loop.start(100)).toBe(false);
    vi.advanceTimersByTime(100);
    expect(pass).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(300); // the first pass is still running
    expect(pass).toHaveBeenCalledTimes(1);
    releaseAll();
    await vi.waitFor(() => {
      vi.advanceTimersByTime(100);
      expect(pass).toHaveBeenCalledTimes(2);
    });
    releaseAll();
    await loop.stop();
    vi.advanceTimersByTime(1_000);
    expect(pass).toHaveBeenCalledTimes(2);
  });

  it('stop waits for the pass in progress', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { pass, releaseAll } = heldPasses();
    const loop = intervalLoop('test.loop.b', pass, () => {});
    loop.start(10);
    vi.advanceTimersByTime(10);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    releaseAll();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('hands a failed pass to onFailure and goes on', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const failures: unknown[] = [];
    const pass = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(undefined);
    const loop = intervalLoop('test.loop.c', pass, (error) => failures.push(error));
    loop.start(10);
    vi.advanceTimersByTime(10);
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    await vi.waitFor(() => {
      vi.advanceTimersByTime(10);
      expect(pass).toHaveBeenCalledTimes(2);
    });
    expect(String(failures[0])).toContain('down');
    await loop.stop();
  });

  it('a new process context clears the old timer', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const pass = vi.fn(async () => {});
    const loop = intervalLoop('test.loop.d', pass, () => {});
    loop.start(10);
    startProcessContext();
    vi.advanceTimersByTime(100);
    expect(pass).not.toHaveBeenCalled();
    expect(loop.start(10)).toBe(true);
  });
});
