// vitest: own process. It installs the signal listeners, once per process, which no later file could undo.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleSignal, installShutdownHandlers, onShutdown, runShutdown, shutdownNames } from './shutdown';
import { startProcessContext } from '@/lib/process/context';

afterEach(() => {
  startProcessContext();
  delete process.env.NEXT_MANUAL_SIG_HANDLE;
});

describe('onShutdown / runShutdown', () => {
  it('runs every registered function once, even when called twice', async () => {
    const a = vi.fn();
    const b = vi.fn(async () => {});
    onShutdown('reconcile', a);
    onShutdown('sandbox-worker', b);
    expect(shutdownNames()).toEqual(['reconcile', 'sandbox-worker']);
    const [r1, r2] = await Promise.all([runShutdown('SIGTERM'), runShutdown('SIGTERM')]);
    expect(r1).toBe(r2);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    expect(r1.results.map((r) => [r.name, r.ok])).toEqual([
      ['reconcile', true],
      ['sandbox-worker', true],
    ]);
  });

  it('re-registering a name replaces the function; the returned function unregisters', async () => {
    const old = vi.fn();
    const replacement = vi.fn();
    onShutdown('reconcile', old);
    onShutdown('reconcile', replacement);
    const off = onShutdown('other', vi.fn());
    off();
    expect(shutdownNames()).toEqual(['reconcile']);
    await runShutdown('SIGINT');
    expect(old).not.toHaveBeenCalled();
    expect(replacement).toHaveBeenCalledTimes(1);
  });

  it('isolates a failing or hanging step from the others', async () => {
    const after = vi.fn();
    onShutdown('throws', () => {
      throw new Error('boom');
    });
    onShutdown('hangs', () => new Promise<void>(() => {}));
    onShutdown('after', after);
    const started = Date.now();
    const report = await runShutdown('SIGTERM', { timeoutMs: 100 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(after).toHaveBeenCalledTimes(1);
    expect(report.results).toEqual([
      expect.objectContaining({ name: 'throws', ok: false, error: 'boom' }),
      expect.objectContaining({ name: 'hangs', ok: false, error: 'did not stop within 100 ms' }),
      expect.objectContaining({ name: 'after', ok: true }),
    ]);
  });
});

describe('signals', () => {
  it('installs one SIGTERM and one SIGINT listener, however often it is called', () => {
    const term = process.listeners('SIGTERM');
    const int = process.listeners('SIGINT');
    installShutdownHandlers();
    installShutdownHandlers();
    const addedTerm = process.listeners('SIGTERM').filter((l) => !term.includes(l));
    const addedInt = process.listeners('SIGINT').filter((l) => !int.includes(l));
    // The test worker must still stop on its runner's signal.
    addedTerm.forEach((l) => process.off('SIGTERM', l));
    addedInt.forEach((l) => process.off('SIGINT', l));
    expect(addedTerm).toHaveLength(1);
    expect(addedInt).toHaveLength(1);
  });

  it('leaves the exit to Next (which drains requests first) unless its handlers are off', async () => {
    const stop = vi.fn();
    onShutdown('reconcile', stop);
    const exit = vi.fn();
    await handleSignal('SIGTERM', exit);
    expect(stop).toHaveBeenCalledTimes(1);
    expect(exit).not.toHaveBeenCalled();

    startProcessContext();
    process.env.NEXT_MANUAL_SIG_HANDLE = '1';
    await handleSignal('SIGTERM', exit);
    expect(exit).toHaveBeenCalledWith(143);
  });
});
