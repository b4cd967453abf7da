/**
 * Every dashboard page passes axe (WCAG 2.2 AA, target-size included) at 390 px, including the
 * pages no journey visits: the owner's stored session, one visit each, nothing changed.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { appQuery, signIn } from './shop-helpers';

test.use({ viewport: { width: 390, height: 844 } });

const PAGES = [
  '/dashboard',
  '/dashboard/orders',
  '/dashboard/orders?view=a-enviar',
  '/dashboard/orders/enviar',
  '/dashboard/orders/etiquetas',
  '/dashboard/produtos',
  '/dashboard/produtos/novo',
  '/dashboard/produtos/categorias',
  '/dashboard/cupons',
  '/dashboard/links',
  '/dashboard/links/novo',
  '/dashboard/carrinhos-abandonados',
  '/dashboard/mais',
  '/dashboard/conta',
  '/dashboard/settings',
  '/dashboard/settings/loja',
  '/dashboard/settings/shipping',
  '/dashboard/settings/emails',
  '/dashboard/settings/carrinhos-abandonados',
  '/dashboard/settings/equipe',
  '/dashboard/settings/integracoes',
  '/dashboard/settings/integracoes/guia',
  '/dashboard/ajuda',
  '/dashboard/settings/comprador',
  '/dashboard/settings/atividade',
];

/** Pages of one thing: the first product, and the first order (its page, and the bulk pages with it selected) and payment link when there are any. */
function onePageEach(): string[] {
  const first = (sql: string) => appQuery<{ id: string }>(sql)[0]?.id;
  const product = first('select id from products order by id limit 1');
  const order = first('select id from orders order by created_at limit 1');
  const link = first('select id from payment_links order by created_at limit 1');
  return [
    product && `/dashboard/produtos/${product}`,
    order && `/dashboard/orders/${order}`,
    order && `/dashboard/orders/etiquetas?selecao=1&pedido=${order}`,
    order && `/dashboard/orders/emitir-nfe?selecao=1&pedido=${order}`,
    link && `/dashboard/links/${link}`,
  ].filter((p): p is string => !!p);
}

test('every dashboard page at 390 px passes axe', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, '/dashboard');
  for (const path of [...PAGES, ...onePageEach()]) {
    await test.step(path, async () => {
      const res = await page.goto(path);
      expect(res?.status(), path).toBeLessThan(400);
      await expect(page.locator('h1').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test('at a desk the orders filter form is open without a tap', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, '/dashboard/orders');
  await expect(page.getByLabel('Buscar')).toBeVisible();
});
