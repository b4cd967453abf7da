import { describe, expect, it } from 'vitest';
import { LINK_CODE_LENGTH, looksLikeLinkCode, newLinkCode } from './code';

describe('newLinkCode', () => {
  it('is 12 base62 characters and recognised as a code', () => {
    const code = newLinkCode();
    expect(code).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(code).toHaveLength(LINK_CODE_LENGTH);
    expect(looksLikeLinkCode(code)).toBe(true);
  });

  it('never repeats in 20,000 draws and uses the whole alphabet evenly', () => {
    const seen = new Set<string>();
    const counts = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      const code = newLinkCode();
      seen.add(code);
      for (const ch of code) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    expect(seen.size).toBe(20_000);
    expect(counts.size).toBe(62);
    // 240,000 characters / 62 ≈ 3,871 each; a biased modulo would give the first 8 about 25 % more.
    const expected = (20_000 * 12) / 62;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.08);
  });

  it('refuses anything else as a code', () => {
    for (const bad of ['', 'abc', 'abcdefghijk!', 'abcdefghijklm', '../../etc/pa', 'abcdefghijk ']) expect(looksLikeLinkCode(bad)).toBe(false);
  });
});
