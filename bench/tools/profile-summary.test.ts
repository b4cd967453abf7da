/**
 * The profile's kinds of work (T8's `--profile-load` notes): a sample counts for the innermost
 * frame of a known kind, a native call takes its caller's kind, and better-sqlite3's statement
 * calls and JSON are named apart, so the sale day's profile says whose time it was.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { categories } from './profile-summary';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'profile-summary-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0, columnNumber: 0 });

/** root → http → drizzle → native `all`; root → (idle); root → http → native `stringify`; root → zod. */
function profile(): string {
  const nodes = [
    { id: 1, callFrame: frame('(root)'), children: [2, 3, 6, 7] },
    { id: 2, callFrame: frame('emit', 'node:events'), children: [4, 8] },
    { id: 3, callFrame: frame('(idle)') },
    { id: 4, callFrame: frame('execute', 'file:///x/node_modules/drizzle-orm/session.js'), children: [5] },
    { id: 5, callFrame: frame('all') },
    { id: 6, callFrame: frame('(garbage collector)') },
    { id: 7, callFrame: frame('parse', 'file:///x/node_modules/zod/index.js') },
    { id: 8, callFrame: frame('stringify') },
  ];
  // One sample per node of interest; each sample's time is the next delta (1 ms each here).
  const samples = [5, 4, 3, 6, 7, 8, 2, 5];
  const file = path.join(dir, 'p.cpuprofile');
  fs.writeFileSync(file, JSON.stringify({ nodes, samples, timeDeltas: samples.map(() => 1000), startTime: 0, endTime: 8000 }));
  return file;
}

describe('categories', () => {
  it('names native SQLite calls, JSON, GC and idle, and gives other frames their package', () => {
    const shares = Object.fromEntries(categories(profile()).map((c) => [c.name, c.ms]));
    // The last sample has no next delta: 7 ms counted.
    expect(shares['SQLite (better-sqlite3 / libSQL)']).toBe(1);
    expect(shares['Drizzle (query building, mapping)']).toBe(1);
    expect(shares['idle (waiting for I/O)']).toBe(1);
    expect(shares.GC).toBe(1);
    expect(shares.zod).toBe(1);
    expect(shares.JSON).toBe(1);
    expect(shares['Node (HTTP, streams, buffers, timers)']).toBe(1);
  });
});
