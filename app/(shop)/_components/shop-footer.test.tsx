import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EMPTY_IDENTITY } from '@/lib/shop/identity-values';
import { ShopFooter } from './shop-footer';

describe('the shop footer', () => {
  it('offers "Preferências de cookies", where the shopper changes the consent answer at any time', () => {
    expect(renderToStaticMarkup(<ShopFooter shop={EMPTY_IDENTITY} />)).toContain('<a href="/cookies">Preferências de cookies</a>');
  });
});
