/**
 * Reviews from verified buyers and the product feeds, end to end, on a server of its own (the
 * `reviews` project, playwright.config.ts): the journey moves that server's sandbox clock 8 days.
 * - a shopper pays a Pix; the merchant ships it and marks it "Entregue";
 * - the clock moves 8 days; the cron pass writes "Avalie sua compra", which the mail catcher holds;
 * - the shopper opens its link in a browser WITHOUT JavaScript, picks "5 estrelas", writes a
 *   comment, shows the name and sends; the merchant publishes it in "Avaliações";
 * - the product page shows "5,0 de 5 · 1 avaliação", "Compra verificada", and its JSON-LD carries
 *   aggregateRating and the review; the catalog card shows the stars;
 * - both feeds are fetched and parsed (the XML by the browser's strict parser), and
 *   Configurações → "Canais de venda" runs "Verificar feed".
 * axe runs on every new page.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, CRON_SECRET, fillPix, payWithCode, SANDBOX_KEY, signIn, tokenFromUrl } from './shop-helpers';

const SLUG = 'cafe-especial-250g';
const MAIL_PAGE_AXE = { exclude: ['iframe[sandbox]'] };

/** Reads this project's server's database (read-only). */
function query<T>(sql: string, ...params: unknown[]): T[] {
  const port = new URL(test.info().project.use.baseURL!).port;
  const db = new Database(path.resolve(`data/e2e-${port}/app.db`), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

async function jsonLdOf(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? '{}') as Record<string, unknown>;
}

test('deliver → 8 days → "Avalie sua compra" → 5 estrelas → "Publicar" → the product page and its JSON-LD; the feeds', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  // 1. A shopper pays; the merchant ships and delivers.
  const shopper = await page.context().newPage();
  await addToCart(shopper, SLUG);
  await shopper.goto('/checkout');
  await fillPix(shopper, { name: 'Helena Prado', email: 'helena@exemplo.com.br' });
  await shopper.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(shopper).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(shopper.url());
  await payWithCode(request, await shopper.getByLabel('Pix copia e cola').inputValue());
  await expect(shopper.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
  const [{ id: orderId }] = query<{ id: string }>('select id from orders where token = ?', token);

  await signIn(page, `/dashboard/orders/${orderId}`);
  await page.getByLabel('Código de rastreio', { exact: true }).fill('AB 123456785 BR');
  await page.getByRole('button', { name: 'Confirmar envio' }).click();
  await expect(page.getByTestId('fulfilment-status')).toHaveText('Enviado');
  await page.getByRole('button', { name: 'Marcar como entregue' }).click();
  await expect(page.getByTestId('fulfilment-status')).toHaveText('Entregue');

  // 2. Eight days later on the shop's clock, the cron's pass asks for the review.
  const cron = () => request.post('/api/cron/jobs', { headers: { Authorization: `Bearer ${CRON_SECRET}` } });
  await cron();
  expect(query('select 1 from review_requests where order_id = ?', orderId)).toHaveLength(0);
  const clock = await request.post('/api/sandbox/sim/clock', { headers: { 'X-API-KEY': SANDBOX_KEY, 'Content-Type': 'application/json' }, data: { advance_seconds: 8 * 86_400 } });
  expect(clock.status(), await clock.text()).toBe(200);
  const pass = await cron();
  expect(pass.status(), await pass.text()).toBe(200);
  await expect(async () => {
    await page.goto('/sandbox/emails');
    await expect(page.getByRole('link', { name: /Avalie sua compra/ }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('link', { name: /Avalie sua compra/ }).first().click();
  await expectNoAxeViolations(page, MAIL_PAGE_AXE);
  const [mail] = query<{ text: string }>("select text from caught_emails where kind = 'review_request' and order_id = ?", orderId);
  const link = /https?:\/\/\S+\/avaliar\/\S+/.exec(mail.text)![0];

  // 3. The shopper reviews without JavaScript (axe needs it: it scans the same page in the shopper's tab).
  const reviewPath = new URL(link).pathname;
  await shopper.goto(reviewPath);
  await expectNoAxeViolations(shopper);
  const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL, locale: 'pt-BR' });
  const buyer = await noJs.newPage();
  await buyer.goto(reviewPath);
  await expect(buyer.getByRole('heading', { name: 'Avalie sua compra' })).toBeVisible();
  const nota = buyer.getByRole('group', { name: 'Nota' });
  await nota.getByRole('radio', { name: '5 estrelas' }).check();
  await buyer.getByLabel('Comentário').fill('Café fresquinho, <b>chegou</b> rápido. https://exemplo.com');
  await buyer.getByLabel(/Mostrar meu nome como “Helena P\.”/).check();
  await buyer.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(buyer.getByRole('status')).toContainText('Obrigado pela avaliação!');
  await expect(buyer.getByText('Você deu 5 estrelas. Obrigado!')).toBeVisible();
  await noJs.close();
  await shopper.goto(`${reviewPath}?enviado=1`);
  await expect(shopper.getByRole('status')).toContainText('Obrigado pela avaliação!');
  await expectNoAxeViolations(shopper);

  // Not on the shop until the merchant publishes it.
  await shopper.goto(`/products/${SLUG}`);
  await expect(shopper.getByText('Este produto ainda não tem avaliações.')).toBeVisible();
  expect((await jsonLdOf(shopper)).aggregateRating).toBeUndefined();

  // 4. "Avaliações": the merchant publishes it.
  await page.goto('/dashboard/avaliacoes');
  const card = page.getByRole('listitem').filter({ hasText: 'Café fresquinho' });
  await expect(card).toContainText('Aguardando moderação');
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Avaliação publicada: já aparece na página do produto.')).toBeVisible();

  // 5. The product page and its JSON-LD.
  await shopper.goto(`/products/${SLUG}`);
  const reviews = shopper.getByRole('region', { name: 'Avaliações' });
  await expect(reviews).toContainText('5,0 de 5 · 1 avaliação');
  await expect(reviews).toContainText('Compra verificada');
  await expect(reviews).toContainText('Helena P.');
  await expect(reviews.getByText('Café fresquinho, <b>chegou</b> rápido. https://exemplo.com')).toBeVisible();
  await expect(reviews.getByRole('link', { name: /exemplo\.com/ })).toHaveCount(0);
  await expectNoAxeViolations(shopper);
  const ld = await jsonLdOf(shopper);
  expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 5, reviewCount: 1, bestRating: 5, worstRating: 1 });
  expect(ld.review).toEqual([expect.objectContaining({ '@type': 'Review', author: { '@type': 'Person', name: 'Helena P.' }, reviewRating: expect.objectContaining({ ratingValue: 5 }) })]);
  await shopper.goto('/');
  await expect(shopper.getByRole('img', { name: '5,0 de 5 estrelas' }).first()).toBeVisible();

  // 6. The feeds: fetched without a session and parsed.
  const xml = await request.get('/feeds/google.xml');
  expect(xml.status()).toBe(200);
  expect(xml.headers()['etag']).toBeTruthy();
  const body = await xml.text();
  const parsed = await shopper.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length) return { error: doc.getElementsByTagName('parsererror')[0].textContent };
    const G = 'http://base.google.com/ns/1.0';
    const items = [...doc.getElementsByTagName('item')];
    const field = (i: Element, name: string) => i.getElementsByTagNameNS(G, name)[0]?.textContent ?? null;
    return {
      root: doc.documentElement.nodeName,
      version: doc.documentElement.getAttribute('version'),
      items: items.map((i) => ({ id: field(i, 'id'), price: field(i, 'price'), availability: field(i, 'availability'), link: i.getElementsByTagName('link')[0]?.textContent ?? '' })),
    };
  }, body);
  expect(parsed).toMatchObject({ root: 'rss', version: '2.0' });
  const items = (parsed as { items: { id: string; price: string; availability: string; link: string }[] }).items;
  expect(items.length).toBeGreaterThan(0);
  for (const i of items) {
    expect(i.id).toBeTruthy();
    expect(i.price).toMatch(/^\d+\.\d{2} BRL$/);
    expect(['in_stock', 'out_of_stock']).toContain(i.availability);
    expect(i.link).toMatch(/^https?:\/\/[^/]+\/products\/[a-z0-9-]+\?variante=\d+$/);
  }
  expect((await request.get('/feeds/google.xml', { headers: { 'If-None-Match': xml.headers()['etag'] } })).status()).toBe(304);
  const csv = await request.get('/feeds/meta.csv');
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split('\r\n')[0]).toBe('id,title,description,availability,condition,price,link,image_link,brand,item_group_id,additional_image_link,sale_price,gtin,google_product_category');

  // 7. Configurações → "Canais de venda": the addresses and "Verificar feed".
  await page.goto('/dashboard/settings/canais-de-venda');
  await expect(page.getByRole('heading', { name: 'Google Merchant Center' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Catálogo do Meta' })).toBeVisible();
  await expect(page.getByText(/^Última busca: /).first()).toBeVisible();
  await page.getByRole('button', { name: 'Verificar feed' }).click();
  await expect(page.getByText(/itens? no feed\./)).toBeVisible();
  await expectNoAxeViolations(page);
});
