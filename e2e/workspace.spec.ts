/**
 * The shopkeeper's workspace on a phone (390 px): the bottom bar, the orders' chips, an order
 * that says what to do next in plain words, "Notas internas", the buyer's "Observações para a
 * loja", and the overview's numbers for 7 days with their change against the week before.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, fillPix, payWithCode, PORT, signIn, tokenFromUrl } from './shop-helpers';

test.use({ viewport: { width: 390, height: 844 } });

const NOTE = 'Embrulhar para presente, por favor';

/** The shopper buys one unit and pays by Pix; returns the order's id. */
async function buyAndPay(shopper: Page, request: Parameters<typeof payWithCode>[0], note?: string): Promise<string> {
  await addToCart(shopper, 'cafe-especial-250g');
  await shopper.goto('/checkout');
  await fillPix(shopper, { name: 'Paula Reis', email: 'paula@exemplo.com.br' });
  if (note) await shopper.getByLabel('Observações para a loja').fill(note);
  await shopper.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(shopper).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(shopper.url());
  await payWithCode(request, await shopper.getByLabel('Pix copia e cola').inputValue());
  await expect(shopper.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
  return appQuery<{ id: string }>('select id from orders where token = ?', token)[0].id;
}

/** An order of last week: the overview's 7 days then have a week before them to compare with. */
function paidEightDaysAgo(orderId: string) {
  const db = new Database(path.resolve(`data/e2e-${PORT}/app.db`));
  try {
    const at = new Date(Date.now() - 8 * 86_400_000).toISOString();
    db.prepare('update orders set created_at = ?, paid_at = ? where id = ?').run(at, at, orderId);
  } finally {
    db.close();
  }
}

/** Nothing on the page hides under the fixed bottom bar once scrolled to the end. */
async function expectBarCoversNothing(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const bar = await page.getByTestId('bottom-bar').boundingBox();
  const last = await page.locator('#conteudo > *').last().boundingBox();
  expect(bar && last).toBeTruthy();
  expect(last!.y + last!.height).toBeLessThanOrEqual(bar!.y);
}

test('on a phone: bottom bar → Pedidos → "A enviar"; an order in plain words with a note; the overview for 7 days', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  const shopper = await context.newPage();
  paidEightDaysAgo(await buyAndPay(shopper, request));
  const orderId = await buyAndPay(shopper, request, NOTE);
  await shopper.close();

  // The overview for 7 days (the default): revenue, "Ticket médio" and the change against the week before.
  await signIn(page, '/dashboard');
  await expect(page.getByRole('link', { name: '7 dias' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('kpi-ticket')).toContainText('Ticket médio');
  await expect(page.getByTestId('kpi-revenue').getByTestId('kpi-change')).toContainText(/[▲▼=] [\d.]+ %/);
  await expect(page.getByTestId('kpi-revenue').getByTestId('kpi-change')).toContainText('vs. os 7 dias anteriores');
  // The first screen: revenue, then what waits, as links.
  const viewport = page.viewportSize()!;
  for (const id of ['kpi-revenue', 'to-ship-count', 'pending-count']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box!.y + box!.height, id).toBeLessThanOrEqual(viewport.height - 60);
  }
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Hoje' }).click();
  await expect(page).toHaveURL(/\/dashboard\?periodo=hoje$/);
  await expect(page.getByTestId('kpi-revenue')).toContainText('Receita de hoje');
  await expectNoAxeViolations(page);

  // Bottom bar → Pedidos → the chip "A enviar".
  const bar = page.getByTestId('bottom-bar');
  await expect(bar.getByRole('link')).toHaveText(['Início', 'Pedidos', 'Produtos', 'Mais']);
  await bar.getByRole('link', { name: 'Pedidos' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(bar.getByRole('link', { name: 'Pedidos' })).toHaveAttribute('aria-current', 'page');
  const chips = page.getByRole('navigation', { name: 'Visões de pedidos' });
  await expect(chips.getByRole('link')).toHaveText(['Todos', 'Aguardando pagamento', /^A enviar \d+$/, 'Enviados', 'Cancelados']);
  await expectNoAxeViolations(page);
  await chips.getByRole('link', { name: /A enviar/ }).click();
  await expect(page).toHaveURL(/view=a-enviar$/);
  await expect(chips.getByRole('link', { name: /A enviar/ })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);

  // The order: the buyer's note, the timeline in plain words, the provider's words folded away.
  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByTestId('buyer-note')).toHaveText(NOTE);
  const timeline = page.getByTestId('timeline');
  await expect(timeline.getByText('Pedido criado', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Pagamento confirmado pelo banco', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Assinatura válida').first()).toBeHidden();
  await expect(page.getByText('Reconciliar agora')).toBeHidden();
  await page.getByText('Mais ações', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Reconciliar agora' })).toBeVisible();

  // "Notas internas": an empty note is refused next to its field; a note shows with its author.
  const notes = page.getByTestId('notes');
  await notes.getByRole('button', { name: 'Adicionar nota' }).click();
  await expect(notes.getByText('Escreva a nota.')).toBeVisible();
  await notes.getByLabel('Nova nota').fill('Cliente ligou: entregar depois das 14h');
  await notes.getByRole('button', { name: 'Adicionar nota' }).click();
  await expect(notes.getByRole('status')).toHaveText('Nota adicionada.');
  await expect(notes.getByText('Cliente ligou: entregar depois das 14h')).toBeVisible();
  await expect(notes.getByLabel('Nova nota')).toHaveValue('');
  await expect(timeline.getByText('Nota interna', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Marked sent: the timeline says how, in words.
  await page.getByLabel('Código de rastreio', { exact: true }).fill('AB 123456785 BR');
  await page.getByRole('button', { name: 'Confirmar envio' }).click();
  await expect(page.getByText('Pedido marcado como enviado.')).toBeVisible();
  await expect(timeline.getByText('Enviado pelos Correios (AB123456785BR)')).toBeVisible();
  await expectBarCoversNothing(page);
  await expectNoAxeViolations(page);

  // The note is in the activity log, without its words.
  await page.goto('/dashboard/settings/atividade');
  await expect(page.getByText(/Nota interna no pedido #\d+/).first()).toBeVisible();

  // "Mais" reaches every other section, each a second tap away.
  await bar.getByRole('link', { name: 'Mais' }).click();
  await expect(page).toHaveURL(/\/dashboard\/mais$/);
  const more = page.getByRole('navigation', { name: 'Outras seções' });
  for (const name of ['Links', 'Cupons', 'Minha conta', 'Ver minha loja (abre em nova aba)', 'Loja', 'Pagamento', 'Entrega', 'Nota fiscal', 'E-mails e avisos', 'Equipe', 'Atividade', 'Integrações', 'Dados do comprador']) {
    await expect(more.getByRole('link', { name, exact: true })).toBeVisible();
  }
  // The section (the list of saved checkouts) and its page in Configurações (the reminders).
  await expect(more.getByRole('link', { name: 'Carrinhos abandonados', exact: true })).toHaveCount(2);
  await expectBarCoversNothing(page);
  await expectNoAxeViolations(page);
  await more.getByRole('link', { name: 'Minha conta', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sair de todos os dispositivos' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Mais' })).toHaveAttribute('aria-current', 'page');
});

test('at a desk the sidebar names the shop and links to it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await signIn(page, '/dashboard');
  const shopName = appQuery<{ name: string }>('select name from shop_identity where id = 1')[0]?.name ?? 'Loja';
  await expect(page.getByTestId('dashboard-shop-name')).toHaveText(shopName);
  await expect(page.getByRole('link', { name: 'Ver minha loja (abre em nova aba)' })).toHaveAttribute('href', '/');
  await expect(page.getByTestId('bottom-bar')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Painel' }).getByRole('link')).toHaveText(['Visão geral', 'Pedidos', 'Produtos', 'Links', 'Assinaturas', 'Cupons', 'Promoções', 'Avaliações', 'Carrinhos abandonados', 'Configurações', 'Minha conta', 'Ajuda']);
  await expectNoAxeViolations(page);
  await context.close();
});
