import { describe, expect, it } from 'vitest';
import { googleEmail, googlePhone, hashedGoogleUser, hashedMetaUser, metaEmail, metaPhone, sha256Hex } from './hashing';

describe('hashing after each platform\'s normalisation', () => {
  it('Meta: the e-mail trimmed and lower-cased — the reference\'s own example hashes to its published value', () => {
    expect(metaEmail('  John_Smith@gmail.com ')).toBe('john_smith@gmail.com');
    expect(sha256Hex(metaEmail('John_Smith@gmail.com')!)).toBe('62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f');
    expect(metaEmail('not an e-mail')).toBeNull();
  });

  it('Meta: the phone as digits with the country code and no leading zeros', () => {
    expect(metaPhone('11987654321')).toBe('5511987654321');
    expect(metaPhone('(11) 98765-4321')).toBe('5511987654321');
    expect(metaPhone('+55 11 98765-4321')).toBe('5511987654321');
    expect(metaPhone('011 98765-4321')).toBe('5511987654321');
    expect(metaPhone('1234')).toBeNull();
  });

  it('Google: gmail.com addresses lose the dots of the local part; the phone is E.164 with its +', () => {
    expect(googleEmail(' Jo.Ao.Silva@Gmail.com')).toBe('joaosilva@gmail.com');
    expect(googleEmail('jo.ao@loja.com.br')).toBe('jo.ao@loja.com.br');
    expect(googlePhone('11987654321')).toBe('+5511987654321');
  });

  it('sends only hashes (64 hex characters), never the plain values, and leaves out what is missing', () => {
    const meta = hashedMetaUser({ email: 'Maria@Example.com', phone: '11987654321' });
    expect(meta).toEqual({ em: [sha256Hex('maria@example.com')], ph: [sha256Hex('5511987654321')] });
    expect(JSON.stringify(meta)).not.toMatch(/maria|98765/i);
    expect(hashedMetaUser({ email: 'maria@example.com', phone: null })).toEqual({ em: [sha256Hex('maria@example.com')] });
    expect(hashedGoogleUser({ email: 'm.aria@gmail.com', phone: '11987654321' })).toEqual({
      sha256_email_address: [sha256Hex('maria@gmail.com')],
      sha256_phone_number: [sha256Hex('+5511987654321')],
    });
    for (const h of [...meta.em!, ...meta.ph!]) expect(h).toMatch(/^[0-9a-f]{64}$/);
  });
});
