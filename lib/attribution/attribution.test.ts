import { describe, expect, it } from 'vitest';
import {
  attributionCookieFor,
  captureAttribution,
  cleanAttribution,
  originLabel,
  originSource,
  parseAttributionCookie,
  referrerHost,
  serializeAttribution,
  withUtmSource,
} from './attribution';

const url = (q: string) => new URL(`https://loja.example.com/${q}`);

describe('attribution: capture', () => {
  it('reads the UTM tags and click ids of the query, source and medium lower-cased', () => {
    expect(captureAttribution(url('?utm_source=Instagram&utm_medium=Social&utm_campaign=black-friday&utm_content=Reels 1&fbclid=IwAR0abc_-1&gclid=Cj0KCQ'), null)).toEqual({
      source: 'instagram',
      medium: 'social',
      campaign: 'black-friday',
      content: 'Reels 1',
      fbclid: 'IwAR0abc_-1',
      gclid: 'Cj0KCQ',
    });
  });

  it('keeps the referring host only when it is another site, never its path', () => {
    expect(captureAttribution(url(''), 'https://l.instagram.com/?u=https%3A%2F%2Floja&e=personal')).toEqual({ referrer: 'l.instagram.com' });
    expect(captureAttribution(url(''), 'https://www.google.com/search?q=x')).toEqual({ referrer: 'google.com' });
    expect(captureAttribution(url('cart'), 'https://loja.example.com/products/x')).toBeNull();
    expect(referrerHost('https://www.loja.example.com/', 'loja.example.com:3000')).toBeUndefined();
    // Under `next start` the URL says localhost while the shop was opened at 127.0.0.1 or an IP: still the shop itself.
    expect(captureAttribution(new URL('http://localhost:3000/cart'), 'http://127.0.0.1:3000/products/x', ['127.0.0.1:3000'])).toBeNull();
    expect(captureAttribution(new URL('http://localhost:3000/cart'), 'http://203.0.113.7/', ['203.0.113.7'])).toBeNull();
    expect(referrerHost('javascript:alert(1)', 'loja.example.com')).toBeUndefined();
    expect(referrerHost('not a url', 'loja.example.com')).toBeUndefined();
  });

  it('says nothing for a direct visit', () => {
    expect(captureAttribution(url(''), null)).toBeNull();
    expect(captureAttribution(url('?utm_source=&utm_campaign=%20'), '')).toBeNull();
  });
});

describe('attribution: bounds and cleaning', () => {
  it('drops characters that do not belong in a tag, keeps accents and spaces', () => {
    expect(cleanAttribution({ campaign: '<script>alert("x")</script>', content: 'Promoção  de\tverão', source: 'a\u0000b' })).toEqual({
      campaign: 'scriptalertxscript',
      content: 'Promoção de verão',
      source: 'ab',
    });
  });

  it('caps each field, and drops a value far past its cap', () => {
    expect(cleanAttribution({ campaign: 'c'.repeat(150) })!.campaign).toHaveLength(100);
    expect(cleanAttribution({ campaign: 'c'.repeat(1000) })).toBeNull();
    expect(cleanAttribution({ source: 's'.repeat(61) })!.source).toHaveLength(60);
  });

  it('keeps a click id only when it is an opaque token within its cap', () => {
    expect(cleanAttribution({ fbclid: 'abc def' })).toBeNull();
    expect(cleanAttribution({ gclid: 'x'.repeat(201) })).toBeNull();
    expect(cleanAttribution({ gclid: 'x'.repeat(200) })!.gclid).toHaveLength(200);
  });

  it('ignores what is not a string', () => {
    expect(cleanAttribution({ source: 42, campaign: ['a'] } as never)).toBeNull();
  });
});

describe('attribution: the cookie', () => {
  it('round-trips through its value', () => {
    const a = { source: 'instagram', campaign: 'black friday', referrer: 'l.instagram.com', fbclid: 'Iw_1' };
    expect(parseAttributionCookie(serializeAttribution(a))).toEqual(a);
  });

  it('cleans the cookie again when reading it back (it came from the browser)', () => {
    expect(parseAttributionCookie('source=Insta%3Cgram&campaign=' + 'x'.repeat(120))).toEqual({ source: 'instagram', campaign: 'x'.repeat(100) });
    expect(parseAttributionCookie('garbage')).toBeNull();
    expect(parseAttributionCookie('x'.repeat(3000))).toBeNull();
    expect(parseAttributionCookie(undefined)).toBeNull();
  });

  it('keeps the first touch: a later tagged visit does not overwrite it', () => {
    const first = attributionCookieFor(url('?utm_source=instagram&utm_campaign=bf'), null, undefined);
    expect(parseAttributionCookie(first)).toEqual({ source: 'instagram', campaign: 'bf' });
    expect(attributionCookieFor(url('?utm_source=whatsapp'), null, first!)).toBeNull();
    // An empty or garbage cookie is no first touch.
    expect(attributionCookieFor(url('?utm_source=whatsapp'), null, 'junk')).toBe('source=whatsapp');
    expect(attributionCookieFor(url(''), null, undefined)).toBeNull();
  });
});

describe('attribution: labels', () => {
  it('shows source / campaign, falls back on the referring host, groups the rest as direct', () => {
    expect(originLabel({ source: 'instagram', campaign: 'black-friday' })).toBe('instagram / black-friday');
    expect(originLabel({ referrer: 'google.com' })).toBe('google.com');
    expect(originLabel(null)).toBeNull();
    expect(originSource({ referrer: 'google.com' })).toBe('google.com');
    expect(originSource(null)).toBe('direto');
  });

  it('tags a shared link with its channel', () => {
    expect(withUtmSource('https://loja.example.com/pagar/abc', 'whatsapp')).toBe('https://loja.example.com/pagar/abc?utm_source=whatsapp');
    expect(withUtmSource('https://loja.example.com/pagar/abc?utm_source=x', 'instagram')).toBe('https://loja.example.com/pagar/abc?utm_source=instagram');
  });
});
