import { describe, expect, it } from 'vitest';
import { looksLikeToken, randomToken, tokenHash } from './tokens';

describe('tokenHash', () => {
  it('is a stable 16-hex prefix of sha256 that does not contain the token', () => {
    const token = 'tok_AbCdEf0123456789';
    expect(tokenHash(token)).toMatch(/^[0-9a-f]{16}$/);
    expect(tokenHash(token)).toBe(tokenHash(token));
    expect(tokenHash(token)).not.toBe(tokenHash(`${token}x`));
    // sha256("abc") = ba7816bf8f01cfea…
    expect(tokenHash('abc')).toBe('ba7816bf8f01cfea');
  });
});

describe('randomToken and looksLikeToken', () => {
  it('a fresh token has the one token shape; anything else does not', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(looksLikeToken(token)).toBe(true);
    expect(looksLikeToken('abc')).toBe(false);
    expect(looksLikeToken(`${token}/..`)).toBe(false);
    expect(looksLikeToken('x'.repeat(129))).toBe(false);
  });
});
