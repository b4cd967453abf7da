import { describe, expect, it } from 'vitest';
import { answerOf, consentCookieValue, consentOf, fromThisSite, returnPathOf } from './consent';

describe('the consent state', () => {
  it('is unknown until the shopper answers, then accepted or refused; anything else in the cookie is no answer', () => {
    expect(consentOf(undefined)).toBe('unknown');
    expect(consentOf(consentCookieValue('accepted'))).toBe('accepted');
    expect(consentOf(consentCookieValue('refused'))).toBe('refused');
    for (const forged of ['', 'MARKETING', 'marketing ', 'yes', 'true', 'marketing,none']) expect(consentOf(forged)).toBe('unknown');
  });

  it('reads the banner\'s two buttons only', () => {
    expect(answerOf('aceitar')).toBe('accepted');
    expect(answerOf('recusar')).toBe('refused');
    expect(answerOf('Aceitar')).toBeNull();
    expect(answerOf(null)).toBeNull();
  });

  it('sends the shopper back to a path of this site only', () => {
    expect(returnPathOf('/products/cafe?variante=2')).toBe('/products/cafe?variante=2');
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/a\nb', '', null, 'x'.repeat(501)]) {
      expect(returnPathOf(bad)).toBe('/');
    }
  });

  it('takes an answer only from this site\'s own page', () => {
    const host = 'loja.example';
    expect(fromThisSite({ origin: 'https://loja.example', host, secFetchSite: 'same-origin' })).toBe(true);
    expect(fromThisSite({ origin: 'https://www.loja.example', host: 'internal:3000', secFetchSite: 'same-origin' }, 'https://www.loja.example')).toBe(true);
    expect(fromThisSite({ origin: 'https://evil.example', host, secFetchSite: 'cross-site' })).toBe(false);
    expect(fromThisSite({ origin: 'null', host, secFetchSite: null })).toBe(false);
    // No Origin (an old browser, curl): only a browser that says another site is refused.
    expect(fromThisSite({ origin: null, host, secFetchSite: null })).toBe(true);
    expect(fromThisSite({ origin: null, host, secFetchSite: 'cross-site' })).toBe(false);
  });
});
