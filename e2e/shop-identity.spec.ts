/**
 * The merchant's own shop (Configurações → Loja), end to end on the production build:
 * - no shopper page (catalog, product, cart, checkout, order page, receipt, /pagar/<code>)
 *   says "Balcão", except the footer's small "Pagamentos por Balcão" credit;
 * - the owner sets name, logo (a PNG made here), colour and CNPJ; a colour without contrast is
 *   refused; the header, the footer, the receipt and an e-mail in the mail catcher show them.
 * Later specs expect the seeded coffee shop: the journey puts it back at the end.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { orderLabel } from '../lib/orders/format';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, fillPix, payWithCode, signIn, tokenFromUrl } from './shop-helpers';

const CREDIT = 'Pagamentos por Balcão';

/** Everything a shopper reads on the page: its text, its title and its description. */
async function shopperText(page: Page): Promise<string> {
  const description = (await page.locator('meta[name="description"]').getAttribute('content').catch(() => '')) ?? '';
  return [await page.title(), description, await page.locator('body').innerText()].join('\n');
}

async function expectNoProductName(page: Page) {
  const text = await shopperText(page);
  expect(text, page.url()).toContain(CREDIT);
  expect(text.split(CREDIT).join(''), page.url()).not.toMatch(/Balc[aã]o/i);
}

/** Places a Pix order for one bag of coffee and pays it; returns the order page's token. */
async function paidPixOrder(page: Page, request: Parameters<typeof payWithCode>[0], email: string): Promise<string> {
  await addToCart(page, 'cafe-especial-250g');
  await page.goto('/checkout');
  await fillPix(page, { name: 'Ana Souza', email });
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(page.url());
  await payWithCode(request, await page.getByLabel('Pix copia e cola').inputValue());
  await expect(page.getByText('Pago', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  return token;
}

test('no shopper page says "Balcão" beyond the footer credit', async ({ browser, request }) => {
  test.setTimeout(180_000);
  // A payment link, made by the owner in their own browser.
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner);
  await owner.goto('/dashboard/links/novo');
  await owner.getByLabel('Título').fill('Encomenda de bolo');
  await owner.getByLabel('Valor a cobrar').fill('50,00');
  await owner.getByRole('button', { name: 'Criar link' }).click();
  const linkUrl = (await owner.getByTestId('link-url').textContent())!.trim();

  const page = await (await browser.newContext()).newPage();
  for (const path of ['/', '/products/cafe-especial-250g']) {
    await page.goto(path);
    await expectNoProductName(page);
  }
  // Shared on WhatsApp: name, price and picture (Open Graph); for search engines, schema.org Product.
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Café especial em grãos 250 g');
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', 'Café da Esquina');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http:\/\/localhost:\d+\//);
  await expect(page.locator('meta[property="product:price:amount"]')).toHaveAttribute('content', '39.90');
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld).toMatchObject({ '@type': 'Product', name: 'Café especial em grãos 250 g', offers: { price: '39.90', priceCurrency: 'BRL' } });
  await addToCart(page, 'cafe-especial-250g');
  await expectNoProductName(page);
  // Finishing agrees to the terms and the privacy policy, both one tap away.
  await expect(page.getByText('Ao finalizar, você concorda com os Termos e a Política de privacidade.')).toBeVisible();
  await page.goto('/checkout');
  await expectNoProductName(page);
  await expect(page.getByRole('link', { name: 'Termos', exact: true })).toHaveAttribute('href', '/politicas/termos');
  const token = await paidPixOrder(page, request, 'ana.identidade@exemplo.com.br');
  await expectNoProductName(page);
  await page.goto(`/orders/${token}/receipt`);
  await expect(page.getByRole('heading', { name: 'Recibo de pagamento' })).toBeVisible();
  await expectNoProductName(page);
  await page.goto(linkUrl);
  await expect(page.getByText('Cobrança de Café da Esquina')).toBeVisible();
  // Shared in a chat, the link says what it charges and who charges it.
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /^Encomenda de bolo · R\$\s50,00$/);
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', 'Café da Esquina');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('link', { name: 'Política de privacidade' }).first()).toBeVisible();
  await expectNoProductName(page);

  // The three policies, linked from every footer, from their default texts.
  for (const [name, path, says] of [
    ['Trocas e devoluções', '/politicas/trocas', /7 dias corridos/],
    ['Política de privacidade', '/politicas/privacidade', /Quais dados coletamos e por quê/],
    ['Termos de uso', '/politicas/termos', /Pedidos e pagamento/],
  ] as const) {
    await page.getByRole('navigation', { name: 'Políticas da loja' }).getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('main')).toContainText(says);
    await expectNoProductName(page);
    await expectNoAxeViolations(page);
  }
  // The charge the buyer's bank shows names the shop too.
  const [terms] = appQuery<{ detail: string }>(
    "select e.detail from payment_events e join orders o on o.id = e.order_id where o.token = ? and e.type = 'create_requested'",
    token,
  );
  expect(JSON.parse(terms.detail).description).toMatch(/^Pedido #\d+ — Café da Esquina$/);
});

test('the owner sets name, logo, colour and CNPJ; the shop, the receipt and an e-mail show them', async ({ page, request }) => {
  test.setTimeout(240_000);
  await signIn(page, '/dashboard/settings/loja');
  await expect(page.getByRole('link', { name: 'Loja', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);

  // A colour without contrast on white is refused, saying the ratio; what was typed stays.
  await page.getByLabel('Nome da loja').fill('Torrefação Serra Azul');
  await page.getByLabel('Cor principal').fill('#ffd166');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText(/Contraste insuficiente: 1,\d:1 .*mínimo 4,5:1/)).toBeVisible();
  await expect(page.getByLabel('Nome da loja')).toHaveValue('Torrefação Serra Azul');
  await expectNoAxeViolations(page);

  const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#1d3557' } }).png().toBuffer();
  await page.getByLabel('Cor principal').fill('#1d3557');
  await page.getByLabel('CPF ou CNPJ').fill('45.723.174/0001-10');
  await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Dados da loja salvos.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo atual' })).toBeVisible();

  // The shop: header with the logo, the colour, the footer's legal identity, the title.
  await page.goto('/');
  const header = page.locator('header').first();
  await expect(header.getByRole('link', { name: 'Torrefação Serra Azul' })).toBeVisible();
  expect(await header.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.src.endsWith('.webp'))).toBe(true);
  await expect(page).toHaveTitle(/Torrefação Serra Azul/);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim())).toBe('#1d3557');
  const footer = page.locator('footer');
  await expect(footer).toContainText('CNPJ 45.723.174/0001-10');
  await expect(footer).toContainText('Café da Esquina Comércio de Cafés LTDA');
  await expect(footer.getByRole('link', { name: /WhatsApp \(11\) 98765-4321/ })).toHaveAttribute('href', 'https://wa.me/5511987654321');
  expect(await page.locator('link[rel="icon"][href^="/images/logo/"]').count()).toBe(1);
  await expectNoAxeViolations(page);

  // An order: its page, its receipt and its e-mail carry the shop.
  const token = await paidPixOrder(page, request, 'ana.serra@exemplo.com.br');
  await expectNoAxeViolations(page);
  await page.goto(`/orders/${token}/receipt`);
  const receipt = page.locator('article');
  await expect(receipt).toContainText('Torrefação Serra Azul');
  await expect(receipt).toContainText('CNPJ 45.723.174/0001-10');
  await expect(receipt).toContainText('Documento emitido por Torrefação Serra Azul');
  await expectNoAxeViolations(page);

  const [order] = appQuery<{ id: string; number: number | null }>('select id, number from orders where token = ?', token);
  const subject = new RegExp(`Pagamento confirmado: pedido ${orderLabel(order)}`);
  await expect(async () => {
    await page.goto('/sandbox/emails');
    await expect(page.getByRole('link', { name: subject }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('link', { name: subject }).first().click();
  await expect(page.getByText('Torrefação Serra Azul').first()).toBeVisible();
  const mail = page.frameLocator('iframe[title^="Conteúdo HTML do e-mail"]');
  await expect(mail.locator('body')).toContainText('Torrefação Serra Azul');
  await expectNoAxeViolations(page, { exclude: ['iframe[sandbox]'] });

  // A rewritten policy, with a script and a javascript: link that stay plain text.
  await page.goto('/dashboard/settings/loja');
  await page.getByLabel('Trocas e devoluções').fill('# Nossa política\n\nTrocas em até **30 dias**. <script>alert(1)</script> [clique](javascript:alert(1))');
  await page.getByRole('button', { name: 'Salvar políticas' }).click();
  await expect(page.getByText('Políticas salvas.')).toBeVisible();
  await page.goto('/politicas/trocas');
  await expect(page.getByRole('heading', { level: 2, name: 'Nossa política' })).toBeVisible();
  await expect(page.locator('main strong')).toHaveText('30 dias');
  await expect(page.locator('main')).toContainText('<script>alert(1)</script>');
  expect(await page.locator('main a').count()).toBe(0);
  await expectNoAxeViolations(page);
  await page.goto('/dashboard/settings/loja');
  await page.getByLabel('Trocas e devoluções').fill('');
  await page.getByRole('button', { name: 'Salvar políticas' }).click();
  await expect(page.getByText('Políticas salvas.')).toBeVisible();

  // Back to the seeded coffee shop for the journeys that follow.
  await page.goto('/dashboard/settings/loja');
  await page.getByLabel('Nome da loja').fill('Café da Esquina');
  await page.getByLabel('Cor principal').fill('');
  await page.getByLabel('CPF ou CNPJ').fill('11.222.333/0001-81');
  await page.getByLabel('Remover logo').check();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Dados da loja salvos.')).toBeVisible();
  expect(appQuery<{ name: string; color: string; logo_hash: string | null }>('select name, color, logo_hash from shop_identity')).toEqual([
    { name: 'Café da Esquina', color: '', logo_hash: null },
  ]);
});
