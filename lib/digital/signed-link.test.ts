import { describe, expect, it } from 'vitest';
import { readAccessToken, readSessionToken, SESSION_VALID_MS, sessionExpiry, sessionSignatureValid, signAccessToken, signatureValid, signSessionToken } from './signed-link';

const SECRET = 's'.repeat(32);
const claim = { orderId: 'order-a', itemId: 12, generation: 0, expiresAt: '2026-12-01T10:00:00.000Z' };

describe('the signed link', () => {
  it('verifies for its own order line', () => {
    const t = readAccessToken(signAccessToken(SECRET, claim))!;
    expect(t).toMatchObject({ itemId: 12, generation: 0, expSeconds: Date.parse(claim.expiresAt) / 1000 });
    expect(signatureValid(SECRET, 'order-a', t)).toBe(true);
  });

  it("another order's token never opens this one, nor does a changed expiry, generation or line, nor another secret", () => {
    const token = signAccessToken(SECRET, claim);
    const t = readAccessToken(token)!;
    expect(signatureValid(SECRET, 'order-b', t)).toBe(false);
    expect(signatureValid(SECRET, 'order-a', { ...t, expSeconds: t.expSeconds + 86400 })).toBe(false);
    expect(signatureValid(SECRET, 'order-a', { ...t, generation: 1 })).toBe(false);
    expect(signatureValid(SECRET, 'order-a', { ...t, itemId: 13 })).toBe(false);
    expect(signatureValid('x'.repeat(32), 'order-a', t)).toBe(false);
  });

  it('a token not shaped like one is refused before any lookup', () => {
    for (const bad of ['', 'abc', '12.0.1.short', '0.0.1.' + 'a'.repeat(43), '12.0.1.' + 'a'.repeat(43) + '/x']) expect(readAccessToken(bad)).toBeNull();
  });
});

describe('a download session', () => {
  const line = { orderId: 'order-a', itemId: 12, generation: 0 };
  it('verifies for the line and generation it was opened on, and no other', () => {
    const s = readSessionToken(signSessionToken(SECRET, { ...line, use: 2, expiresAt: '2026-12-01T10:00:00.000Z' }))!;
    expect(s).toMatchObject({ use: 2, expSeconds: Date.parse('2026-12-01T10:00:00.000Z') / 1000 });
    expect(sessionSignatureValid(SECRET, line, s)).toBe(true);
    expect(sessionSignatureValid(SECRET, { ...line, orderId: 'order-b' }, s)).toBe(false);
    expect(sessionSignatureValid(SECRET, { ...line, itemId: 13 }, s)).toBe(false);
    expect(sessionSignatureValid(SECRET, { ...line, generation: 1 }, s)).toBe(false);
    expect(sessionSignatureValid(SECRET, line, { ...s, use: 3 })).toBe(false);
    expect(sessionSignatureValid(SECRET, line, { ...s, expSeconds: s.expSeconds + 3600 })).toBe(false);
  });

  it('lasts 6 hours, never past the link', () => {
    const now = new Date('2026-11-27T10:00:00.000Z');
    expect(sessionExpiry(now, '2026-12-01T10:00:00.000Z')).toBe('2026-11-27T16:00:00.000Z');
    expect(sessionExpiry(now, '2026-11-27T11:00:00.000Z')).toBe('2026-11-27T11:00:00.000Z');
    expect(SESSION_VALID_MS).toBe(6 * 3600 * 1000);
  });
});
