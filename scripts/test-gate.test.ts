import { describe, expect, it } from 'vitest';
import { failureDigest, STAGES } from './test-gate.mjs';

describe('failureDigest', () => {
  it("names vitest's failing tests and keeps the log's end, without colour codes", () => {
    const output = [
      ' ✓ lib/money.test.ts (12 tests) 40ms',
      '\x1b[31m FAIL \x1b[39m lib/jobs/cron.test.ts > cron > runs the jobs in their shares',
      'AssertionError: expected 3 to be 2',
      ...Array.from({ length: 60 }, (_, i) => `line ${i}`),
      ' Test Files  1 failed | 200 passed (201)',
    ].join('\n');
    const digest = failureDigest({ name: 'unit (vitest)', output });
    expect(digest).toContain('✗ unit (vitest) failed');
    expect(digest).toContain('FAIL  lib/jobs/cron.test.ts > cron > runs the jobs in their shares');
    expect(digest).not.toContain('\x1b[');
    expect(digest).toContain('Test Files  1 failed');
    expect(digest).not.toContain('line 0\n');
  });

  it("names Playwright's numbered failures", () => {
    const digest = failureDigest({ name: 'e2e (playwright)', output: '  1) [mobile] › e2e/a.spec.ts:3:1 › pays\n  1 failed\n' });
    expect(digest).toContain('1) [mobile] › e2e/a.spec.ts:3:1 › pays');
  });
});

describe('the stages', () => {
  it('the dev-server journeys run alone, after the build and before the journeys and the unit tests (nothing else compiles beside `next dev`)', () => {
    const names = STAGES.map((group) => group.map((s) => s.name));
    const dev = names.findIndex((g) => g.includes('e2e (next dev)'));
    expect(names[dev]).toEqual(['e2e (next dev)']);
    expect(dev).toBeGreaterThan(names.findIndex((g) => g.includes('build')));
    expect(dev).toBeLessThan(names.findIndex((g) => g.includes('unit (vitest)')));
    expect(dev).toBeLessThan(names.findIndex((g) => g.includes('e2e (playwright)')));
  });
});
