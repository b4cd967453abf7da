import { describe, expect, it } from 'vitest';
import { processSlot } from '@/lib/process/context';
import { coalescedRead } from './coalesced-read';

/** How many payments have a read in flight: the module's gates, read from the process context by their name. */
const coalescedReadsInFlight = () => processSlot<Map<string, unknown>>('payments.coalesced-reads').get()?.size ?? 0;

function deferredRead() {
  const starts: number[] = [];
  const resolvers: ((v: number) => void)[] = [];
  let clock = 0;
  const read = () =>
    new Promise<number>((resolve) => {
      starts.push(++clock);
      const n = starts.length;
      resolvers.push(() => resolve(n));
    });
  return { read, starts, finish: (i: number) => resolvers[i](0), tick: () => ++clock, now: () => clock };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('coalescedRead', () => {
  it('shares one read among the callers that arrive while another runs, started after they asked', async () => {
    const r = deferredRead();
    const first = coalescedRead('p1', r.read);
    await flush();
    expect(r.starts).toHaveLength(1);

    const askedAt = r.tick();
    const joiners = Array.from({ length: 50 }, () => coalescedRead('p1', r.read));
    await flush();
    expect(r.starts).toHaveLength(1); // nobody joins the read that was already running
    expect(coalescedReadsInFlight()).toBe(1);

    r.finish(0);
    expect(await first).toBe(1);
    await flush();
    expect(r.starts).toHaveLength(2); // one more read for all fifty
    expect(r.starts[1]).toBeGreaterThan(askedAt);
    r.finish(1);
    expect(new Set(await Promise.all(joiners))).toEqual(new Set([2]));
    await flush();
    expect(coalescedReadsInFlight()).toBe(0);
  });

  it('keeps payments apart and lets a failure reach only the callers of that read', async () => {
    let calls = 0;
    const failing = () => Promise.reject(new Error(`down ${++calls}`));
    const a = coalescedRead('p2', failing);
    const b = coalescedRead('p3', async () => 'ok');
    const c = coalescedRead('p2', async () => 'second read');
    await expect(a).rejects.toThrow('down 1');
    expect(await b).toBe('ok');
    // the joiner does not get the failed read it did not ask for: it gets the next one
    // (made with the first joiner's function)
    expect(await c).toBe('second read');
    expect(calls).toBe(1);
    await flush();
    expect(coalescedReadsInFlight()).toBe(0);
  });
});
