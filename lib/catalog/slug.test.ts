import { describe, expect, it } from 'vitest';
import { isSlug, SLUG_MAX, slugify, uniqueSlug } from './slug';

describe('slugify', () => {
  it.each([
    ['Café especial em grãos 250 g', 'cafe-especial-em-graos-250-g'],
    ['Coração de São João', 'coracao-de-sao-joao'],
    ['  Pão & Açúcar!!  ', 'pao-acucar'],
    ['Caneca "Café passado" nº 2', 'caneca-cafe-passado-no-2'],
    ['ÀÉÎÕÜ ç Ñ', 'aeiou-c-n'],
    ['Straße Ærø', 'strasse-aero'],
    ['---', ''],
    ['☕', ''],
  ])('%j → %j', (name, slug) => expect(slugify(name)).toBe(slug));

  it('is at most SLUG_MAX characters and never ends in a hyphen', () => {
    const long = slugify(`${'a'.repeat(99)} bbb`);
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(long.endsWith('-')).toBe(false);
    expect(isSlug(long)).toBe(true);
  });
});

describe('isSlug', () => {
  it('accepts only folded lower-case words joined by single hyphens', () => {
    expect(isSlug('cafe-especial')).toBe(true);
    expect(isSlug('Cafe')).toBe(false);
    expect(isSlug('café')).toBe(false);
    expect(isSlug('a--b')).toBe(false);
    expect(isSlug('-a')).toBe(false);
    expect(isSlug('')).toBe(false);
    expect(isSlug('a'.repeat(SLUG_MAX + 1))).toBe(false);
  });
});

describe('uniqueSlug', () => {
  it('adds the first free numeric suffix', () => {
    const taken = new Set(['caneca', 'caneca-2']);
    expect(uniqueSlug('caneca', (s) => taken.has(s))).toBe('caneca-3');
    expect(uniqueSlug('prensa', (s) => taken.has(s))).toBe('prensa');
    expect(uniqueSlug('', () => false)).toBe('produto');
  });
  it('shortens the base so the suffix still fits', () => {
    const base = 'a'.repeat(SLUG_MAX);
    const s = uniqueSlug(base, (x) => x === base);
    expect(s).toBe(`${'a'.repeat(SLUG_MAX - 2)}-2`);
    expect(isSlug(s)).toBe(true);
  });
});
