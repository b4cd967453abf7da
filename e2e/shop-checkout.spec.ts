import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  addToCart,
  appQuery,
  counts,
  CPF_DIGITS,
  fillBoleto,
  fillPix,
  payWithCode,
  sandboxQuery,
  signIn,
  statusOf,
  tokenFromUrl,
} from './shop-helpers';
import { expectNoAxeViolations } from './axe';

/** The error summary's links are targets of at least 24 × 24 px (WCAG 2.2, 2.5.8), not packed together: 4 px or more between them. */
async function expectErrorSummaryTargets(page: Page) {
  const links = page.getByRole('alert').getByRole('link');
  expect(await links.count()).toBeGreaterThanOrEqual(2);
  const boxes = await links.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom, width: r.width, height: r.height })));
  for (const box of boxes) {
    expect(box.height).toBeGreaterThanOrEqual(24);
    expect(box.width).toBeGreaterThanOrEqual(24);
  }
  for (let i = 1; i < boxes.length; i++) expect(boxes[i].top - boxes[i - 1].bottom).toBeGreaterThanOrEqual(4);
}

test.describe('shop: catalog and cart', () => {
  test('the catalog lists the products with price and image; the cart keeps items across reloads', async ({ page }) => {
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Produtos' }).getByRole('listitem');
    await expect(cards).toHaveCount(11);
    await expect(page.getByText('R$ 39,90')).toBeVisible();
    const img = cards.first().locator('img');
    // The seed's illustration as a photo: JPEG for a browser without WebP; this one takes the WebP
    // written into the HTML (the first card is the page's largest paint: no request, and a WebP
    // its frame decodes sooner than an AVIF), so no AVIF is offered ahead of it.
    await expect(img).toHaveAttribute('src', /^\/images\/products\/\d+-640-[0-9a-f]{20}\.jpg$/);
    await expect(img).toHaveAttribute('decoding', 'sync');
    await expect(cards.first().locator('source[type="image/avif"]')).toHaveCount(0);
    await expect(cards.first().locator('source[type="image/webp"]')).toHaveAttribute('srcset', /^data:image\/webp;base64,[A-Za-z0-9+/=]+ 480w, \/images\/products\/\d+-640-[0-9a-f]{20}\.webp 640w$/);
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && el.currentSrc.startsWith('data:image/webp'))).toBe(true);
    // The second card is fetched (its first format the browser takes: AVIF), eager, at high priority.
    const second = cards.nth(1).locator('img');
    await expect(second).toHaveAttribute('fetchpriority', 'high');
    await expect(second).toHaveAttribute('loading', 'eager');
    await expect(second).toHaveAttribute('decoding', 'async');
    expect(await second.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\/images\/products\/\d+-\d+-[0-9a-f]{20}\.avif$/);
    await expectNoAxeViolations(page);

    // add from the catalog card
    await cards.filter({ hasText: 'Caneca de cerâmica' }).getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('link', { name: /Carrinho.*1 item/ })).toBeVisible();
    await page.getByRole('button', { name: 'Aumentar quantidade de Caneca de cerâmica artesanal' }).click();
    await expect(page.getByTestId('cart-subtotal')).toHaveText('R$ 118,00');
    await page.reload();
    await expect(page.getByTestId('cart-subtotal')).toHaveText('R$ 118,00');
    await expect(page.getByRole('link', { name: /Carrinho.*2 itens/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Diminuir quantidade de Caneca de cerâmica artesanal' }).click();
    await expect(page.getByTestId('cart-subtotal')).toHaveText('R$ 59,00');
    await page.getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Seu carrinho está vazio.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a cart below R$ 5,00 says so before checkout', async ({ page }) => {
    await addToCart(page, 'adesivo-balcao');
    await expect(page.getByText(/valor mínimo para pagar com Pix ou boleto é R\$ 5,00/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Finalizar compra' })).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.goto('/checkout');
    await expect(page.getByText(/valor mínimo para pagar com Pix ou boleto é R\$ 5,00/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pagar com Pix' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('an unknown product page and an unknown order answer 404 in Portuguese', async ({ page, request }) => {
    const product = await page.goto('/products/nao-existe');
    expect(product?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Produto não encontrado' })).toBeVisible();
    await expectNoAxeViolations(page);
    const order = await page.goto('/orders/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(order?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Pedido não encontrado' })).toBeVisible();
    await expectNoAxeViolations(page);
    const status = await statusOf(request, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(status.status).toBe(404);
    expect(typeof status.body.error).toBe('string');
    expect(status.headers['cache-control']).toContain('no-store');
  });
});

test.describe('shop: paying', () => {
  test('Pix: QR code, copy, pay at the bank → the page turns "Pago" by itself; printable receipt', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await addToCart(page, 'cafe-especial-250g', 2);
    await page.getByRole('link', { name: 'Finalizar compra' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('radio', { name: 'Pix', exact: true })).toBeChecked();
    // Pix asks for name, document, e-mail and "Celular (WhatsApp)" (optional) and, as the café
    // ships, where to deliver it (CEP, rua, número, complemento, bairro, cidade; the UF is a
    // select), "Observações para a loja" (optional) and "Cupom de desconto"
    await expect(page.getByRole('textbox')).toHaveCount(12);
    await expect(page.getByLabel('Observações para a loja')).not.toHaveAttribute('required');
    const phone = page.getByLabel('Celular (WhatsApp)');
    await expect(phone).not.toHaveAttribute('required');
    await expect(phone).toHaveAccessibleDescription(/^Opcional\. Com DDD/);
    await expectNoAxeViolations(page);
    await fillPix(page);
    await phone.pressSequentially('21998765432');
    await expect(phone).toHaveValue('(21) 99876-5432');
    await page.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    const token = tokenFromUrl(page.url());

    await expect(page.getByTestId('order-status')).toHaveText('Aguardando pagamento');
    const qr = page.getByRole('img', { name: /QR Code Pix para pagar R\$ 79,80/ });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThanOrEqual(200);
    const code = await page.getByLabel('Pix copia e cola').inputValue();
    expect(code.startsWith('000201')).toBe(true);
    // what a bank app's camera reads from the screen is the copia-e-cola code
    const shot = PNG.sync.read(await qr.screenshot());
    expect(jsQR(new Uint8ClampedArray(shot.data), shot.width, shot.height)?.data).toBe(code);
    await expect(page.getByText(/Pague até \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/Faltam/);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Copiar' }).click();
    await expect(page.getByRole('button', { name: 'Copiado!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copiar' })).toBeVisible({ timeout: 5000 });

    // the cart was emptied by the order
    await expect(page.getByRole('link', { name: 'Carrinho', exact: true })).toBeVisible();

    const status = await statusOf(request, token);
    expect(status.status).toBe(200);
    expect(status.headers['cache-control']).toContain('no-store');
    expect(status.body).toMatchObject({ status: 'pending', paid_at: null, refunded_cents: 0 });
    expect(Number.isNaN(Date.parse(String(status.body.updated_at)))).toBe(false);

    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await payWithCode(request, code);
    await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
    await expect(page.getByText('Pagamento confirmado!')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // the server parts re-render: the QR code gives way to the receipt link
    await expect(qr).toHaveCount(0, { timeout: 10_000 });
    await expectNoAxeViolations(page);

    const paid = await statusOf(request, token);
    expect(paid.body).toMatchObject({ status: 'paid', refunded_cents: 0 });
    expect(Number.isNaN(Date.parse(String(paid.body.paid_at)))).toBe(false);

    await page.getByRole('link', { name: 'Ver recibo' }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${token}/receipt$`));
    await expect(page.getByRole('heading', { name: 'Recibo de pagamento' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
    await expect(page.getByText('529.***.***-25')).toBeVisible();
    await expect(page.getByText(CPF_DIGITS)).toHaveCount(0);
    await expect(page.getByText('Ana Souza')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'R$ 79,80' }).first()).toBeVisible();
    await expect(page.getByText(/Pedido #1\d{3,}/)).toBeVisible();
    await expectNoAxeViolations(page);

    // The merchant sees the buyer's WhatsApp on the order, with a chat that names the order.
    const [{ id, number, buyer_phone }] = appQuery<{ id: string; number: number; buyer_phone: string }>('select id, number, buyer_phone from orders where token = ?', token);
    expect(buyer_phone).toBe('21998765432');
    await signIn(page, `/dashboard/orders/${id}`);
    await expect(page.getByTestId('buyer-phone')).toHaveText('(21) 99876-5432');
    const chat = page.getByRole('link', { name: 'Conversar no WhatsApp com o comprador (abre em nova aba)' });
    await expect(chat).toHaveAttribute('target', '_blank');
    await expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    const href = new URL((await chat.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/5521998765432');
    expect(href.searchParams.get('text')).toMatch(new RegExp(`^Olá! Sobre o seu pedido nº ${number}\\b`));
    await expectNoAxeViolations(page);
  });

  test('boleto: registered by itself, digitable line, barcode, PDF; paid with the line → "Pago"', async ({ page, request }) => {
    await addToCart(page, 'prensa-francesa');
    await page.goto('/checkout');
    await fillBoleto(page);
    // The delivery address is the boleto's too ("Mesmo endereço da entrega"): no second address
    // (the last two boxes are "Observações para a loja" and "Cupom de desconto").
    await expect(page.getByRole('textbox')).toHaveCount(12);
    await expect(page.getByRole('checkbox', { name: 'Mesmo endereço da entrega' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'UF' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Gerar boleto' }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });

    const line = page.getByLabel('Linha digitável');
    await expect(line).toBeVisible({ timeout: 30_000 });
    const digitable = await line.inputValue();
    expect(digitable).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    const barcode = page.getByRole('img', { name: 'Código de barras do boleto' });
    await expect(barcode).toBeVisible();
    // Interleaved 2 of 5: start (2 bars) + 22 digit pairs × 5 bars + stop (2 bars)
    expect(Number(await barcode.getAttribute('data-bars'))).toBe(2 + 22 * 5 + 2);
    await expect(page.getByText(/Vencimento/)).toBeVisible();
    await expectNoAxeViolations(page);

    const pdf = page.getByRole('link', { name: 'Baixar PDF' });
    const href = await pdf.getAttribute('href');
    expect(href).toBeTruthy();
    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await payWithCode(request, digitable);
    await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
    await expect(page.getByRole('link', { name: 'Ver recibo' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('shop: checkout form', () => {
  test('errors sit next to their fields in Portuguese, focus goes to the first, values stay', async ({ page }) => {
    await addToCart(page, 'kit-degustacao');
    await page.goto('/checkout');
    await page.getByRole('radio', { name: 'Boleto', exact: true }).check();
    await page.getByLabel('Nome completo').fill('Carla Dias');
    await page.getByLabel('CPF ou CNPJ').fill('123.456.789-00');
    await page.getByLabel('E-mail').fill('carla@exemplo.com.br');
    await page.getByLabel('CEP').fill('0131');
    await page.getByLabel('Celular (WhatsApp)').fill('(11) 3456-7890');
    await page.getByRole('button', { name: 'Gerar boleto' }).click();

    const doc = page.getByLabel('CPF ou CNPJ');
    await expect(doc).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#campo-document-erro')).toHaveText('CPF ou CNPJ inválido: confira os dígitos.');
    await expect(doc).toHaveAccessibleDescription(/CPF ou CNPJ inválido/);
    await expect(doc).toBeFocused();
    await expect(page.locator('#campo-zip-erro')).toHaveText('O CEP tem 8 dígitos (ex.: 01310-100).');
    await expect(page.locator('#campo-street-erro')).toHaveText('Informe a rua.');
    await expect(page.locator('#campo-state-erro')).toHaveText('Escolha a UF.');
    await expect(page.locator('#campo-phone-erro')).toHaveText('Informe um celular: depois do DDD, o número tem 9 dígitos e começa com 9, como (11) 98765-4321.');
    await expect(page.getByLabel('Celular (WhatsApp)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Celular (WhatsApp)')).toHaveValue('(11) 3456-7890');
    await expect(page.getByLabel('Nome completo')).toHaveValue('Carla Dias');
    await expect(page.getByLabel('Nome completo')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('CEP')).toHaveValue('0131');
    await expect(page.getByRole('radio', { name: 'Boleto', exact: true })).toBeChecked();
    await expectNoAxeViolations(page);

    await expectErrorSummaryTargets(page);

    // a second attempt keeps the UF chosen in between (and the other values)
    await page.getByLabel('UF').selectOption('RJ');
    await page.getByRole('button', { name: 'Gerar boleto' }).click();
    await expect(page.locator('#campo-state-erro')).toHaveCount(0);
    await expect(page.getByLabel('UF')).toHaveValue('RJ');
    await expect(page.locator('#campo-document-erro')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Boleto', exact: true })).toBeChecked();

    // masks while typing
    await page.getByLabel('CEP').fill('');
    await page.getByLabel('CEP').pressSequentially('01310100');
    await expect(page.getByLabel('CEP')).toHaveValue('01310-100');
    await doc.fill('');
    await doc.pressSequentially('52998224725');
    await expect(doc).toHaveValue('529.982.247-25');

    // empty Pix form
    await page.getByRole('radio', { name: 'Pix', exact: true }).check();
    await page.getByLabel('Nome completo').fill('');
    await page.getByLabel('CPF ou CNPJ').fill('');
    await page.getByLabel('E-mail').fill('');
    await page.getByLabel('Celular (WhatsApp)').fill('');
    await page.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(page.locator('#campo-name-erro')).toHaveText('Informe seu nome completo.');
    // "Celular (WhatsApp)" is optional in this shop: left empty, it is no error.
    await expect(page.locator('#campo-phone-erro')).toHaveCount(0);
    await expect(page.locator('#campo-document-erro')).toHaveText('Informe o CPF ou CNPJ.');
    await expect(page.locator('#campo-email-erro')).toHaveText('Informe seu e-mail.');
    await expect(page.getByLabel('Nome completo')).toBeFocused();
    await expect(page.locator('#campo-zip-erro')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('works without JavaScript: errors, then a boleto order', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'pt-BR' });
    const page = await context.newPage();
    await addToCart(page, 'moedor-manual');
    await page.goto('/checkout');
    // without JS both groups are in the page and CSS follows the checked radio
    await page.getByRole('radio', { name: 'Boleto', exact: true }).check();
    await expect(page.getByLabel('CEP')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Gerar boleto' })).toBeVisible();
    await page.getByLabel('Nome completo').fill('Davi Rocha');
    await page.getByLabel('CPF ou CNPJ').fill('52998224725');
    await page.getByLabel('E-mail').fill('davi@exemplo');
    await page.getByRole('button', { name: 'Gerar boleto' }).click();
    await expect(page.locator('#campo-email-erro')).toContainText('E-mail inválido');
    await expect(page.locator('#campo-zip-erro')).toHaveText('Informe o CEP.');
    await expect(page.getByLabel('Nome completo')).toHaveValue('Davi Rocha');
    await expect(page.getByRole('radio', { name: 'Boleto', exact: true })).toBeChecked();
    await expectErrorSummaryTargets(page);
    // (no axe scan here: it runs as a script in the page; the same errors are scanned with JavaScript on above)

    await fillBoleto(page);
    await page.getByRole('button', { name: 'Gerar boleto' }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Seu boleto' })).toBeVisible();
    await context.close();
  });

  test('works without JavaScript: a Pix order', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'pt-BR' });
    const page = await context.newPage();
    await addToCart(page, 'caneca-ceramica');
    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: 'Pagar com Pix' })).toBeVisible();
    // The caneca ships: even for Pix the form asks where to deliver it (typed: no autofill without JS).
    await expect(page.getByLabel('CEP')).toBeVisible();
    await fillPix(page, { name: 'Eva Prado' });
    await page.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    await expect(page.getByRole('img', { name: /QR Code Pix/ })).toBeVisible();
    await expect(page.getByLabel('Pix copia e cola')).toBeVisible();
    // Nothing of the page is streamed into a hidden node that only a script reveals (React
    // moves a large Suspense boundary out of line): without JavaScript it would stay hidden.
    const html = await (await page.request.get(page.url())).text();
    expect(html).not.toMatch(/<div hidden id="S:\d+"/);
    await context.close();
  });

  test('a double click on submit makes one order and one charge', async ({ page }) => {
    await addToCart(page, 'coador-de-pano');
    await page.goto('/checkout');
    await fillPix(page, { name: 'Fábio Reis' });
    const before = counts();
    await page.getByRole('button', { name: 'Pagar com Pix' }).dblclick();
    await expect(page).toHaveURL(/\/orders\//, { timeout: 20_000 });
    await expect(page.getByRole('img', { name: /QR Code Pix/ })).toBeVisible();
    const after = counts();
    expect(after.orders - before.orders).toBe(1);
    expect(after.charges - before.charges).toBe(1);
  });

  test('a double submit without JavaScript (two POSTs of one form) makes one order and one charge', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'pt-BR' });
    const page = await context.newPage();
    await addToCart(page, 'coador-de-pano', 3);
    await page.goto('/checkout');
    await fillPix(page, { name: 'Gabi Nunes' });
    const before = counts();
    // the browser's own double submit: two navigations racing
    await page.getByRole('button', { name: 'Pagar com Pix' }).dblclick();
    await expect(page).toHaveURL(/\/orders\//, { timeout: 20_000 });
    const mid = counts();
    expect(mid.orders - before.orders).toBe(1);
    expect(mid.charges - before.charges).toBe(1);
    await context.close();
  });

  test('a replayed form POST (same checkoutKey, sent twice at once) makes one order and one charge', async ({ page, baseURL }) => {
    await addToCart(page, 'filtros-de-papel', 1);
    await addToCart(page, 'caneca-ceramica', 1);
    await page.goto('/checkout');
    await fillPix(page, { name: 'Hugo Alves' });
    const fields = await page.locator('form').filter({ has: page.getByRole('button', { name: 'Pagar com Pix' }) }).evaluate((form: HTMLFormElement) => {
      const out: Record<string, string> = {};
      new FormData(form).forEach((v, k) => {
        if (typeof v === 'string') out[k] = v;
      });
      return out;
    });
    expect(Object.keys(fields).some((k) => k.startsWith('$ACTION_'))).toBe(true);
    const before = counts();
    const post = () =>
      page.request.post('/checkout', { multipart: fields, headers: { Origin: baseURL! }, maxRedirects: 0 });
    const [a, b] = await Promise.all([post(), post()]);
    expect([a.status(), b.status()]).toEqual([303, 303]);
    expect(a.headers()['location']).toBe(b.headers()['location']);
    const after = counts();
    expect(after.orders - before.orders).toBe(1);
    expect(after.charges - before.charges).toBe(1);
    const [order] = appQuery<{ total_cents: number }>('select total_cents from orders where token = ?', tokenFromUrl(a.headers()['location']));
    expect(order.total_cents).toBe(1250 + 5900);
  });

  test('a tampered cart cookie or form is never charged: prices come from the catalog', async ({ page, context, baseURL }) => {
    const url = new URL(baseURL!);
    // a smuggled price field, an unknown product, a huge quantity, and one honest line
    await context.addCookies([{ name: 'balcao_cart', value: '1x2x1.99999x1.2x5000.4x1', domain: url.hostname, path: '/' }]);
    await page.goto('/cart');
    await expect(page.getByText(/não está mais à venda|não estão mais à venda/)).toBeVisible();
    await expect(page.getByTestId('cart-subtotal')).toHaveText('R$ 149,00');
    await page.goto('/checkout');
    await fillPix(page, { name: 'Iara Melo' });
    // extra form fields claiming a price and other items are ignored
    await page.locator('form').filter({ has: page.getByRole('button', { name: 'Pagar com Pix' }) }).evaluate((form: HTMLFormElement) => {
      for (const [name, value] of [
        ['totalCents', '1'],
        ['priceCents', '1'],
        ['items', '[{"productId":1,"quantity":1,"priceCents":1}]'],
      ]) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.appendChild(input);
      }
    });
    await page.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(page).toHaveURL(/\/orders\//, { timeout: 20_000 });
    const token = tokenFromUrl(page.url());
    await expect(page.getByText('R$ 149,00').first()).toBeVisible();
    const [order] = appQuery<{ id: string; total_cents: number }>('select id, total_cents from orders where token = ?', token);
    expect(order.total_cents).toBe(14900);
    const items = appQuery<{ product_id: number; quantity: number; unit_price_cents: number }>(
      'select product_id, quantity, unit_price_cents from order_items where order_id = ?',
      order.id,
    );
    expect(items).toEqual([{ product_id: 4, quantity: 1, unit_price_cents: 14900 }]);
    const charged = sandboxQuery<{ amount_cents: number }>('select amount_cents from payments order by seq desc limit 1');
    expect(charged[0].amount_cents).toBe(14900);

    // a garbage cookie is an empty cart, never an error page
    await context.addCookies([{ name: 'balcao_cart', value: '%7B%22price%22%3A1%7D', domain: url.hostname, path: '/' }]);
    const res = await page.goto('/cart');
    expect(res?.status()).toBe(200);
    await expect(page.getByText('Seu carrinho está vazio.')).toBeVisible();
  });
});
