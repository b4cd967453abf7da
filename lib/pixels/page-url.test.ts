import { describe, expect, it } from 'vitest';
import { isBearerPage, pixelPageUrl } from './page-url';

const APP = 'https://loja.example.com';

describe('the page address given to the pixels', () => {
  it("a bearer link's secret never leaves: the order's page and receipt, the opt-out, a checkout session", () => {
    const token = 'Zk3mQ9vX2pL7aB1cD4eF6gH8';
    expect(pixelPageUrl(APP, `/orders/${token}`)).toBe(`${APP}/orders/`);
    expect(pixelPageUrl(APP, `/orders/${token}/receipt?pix=esgotado`)).toBe(`${APP}/orders/`);
    expect(pixelPageUrl(APP, `/lembretes/sair/${token}`)).toBe(`${APP}/lembretes/sair/`);
    expect(pixelPageUrl(APP, `/c/${token}?utm_source=loja`)).toBe(`${APP}/c/`);
    for (const p of [`/orders/${token}`, `/orders/${token}/receipt`, `/lembretes/sair/${token}`, `/c/${token}`]) expect(isBearerPage(p)).toBe(true);
  });

  it('other pages keep their path and only the campaign parameters', () => {
    expect(pixelPageUrl(APP, '/')).toBe(`${APP}/`);
    expect(pixelPageUrl(APP, '/products/caneca?utm_source=instagram&utm_campaign=bf&token=abc&email=a%40b.com')).toBe(`${APP}/products/caneca?utm_source=instagram&utm_campaign=bf`);
    expect(pixelPageUrl(APP, '/busca?q=maria%40exemplo.com')).toBe(`${APP}/busca`);
    expect(pixelPageUrl(APP, '/?fbclid=IwAR1#x')).toBe(`${APP}/?fbclid=IwAR1`);
    for (const p of ['/', '/orders', '/products/caneca', '/checkout', '/pagar/ABC123', '/cart']) expect(isBearerPage(p)).toBe(false);
  });
});
