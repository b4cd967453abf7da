/**
 * An API key's scopes and what removing a team member does to their keys, from the browser and
 * the API:
 * - a key made with the defaults ("Somente os pedidos criados por esta chave", no refunds) reads
 *   its own session's order and nothing else (another order is 404 and absent from its list;
 *   a refund is 404); a key made with "Todos os pedidos da loja" and "Permitir reembolsos" reads
 *   and refunds a catalog order; Atividade names the keys created and the API refund;
 * - a Gerente invited to the team makes a key and an endpoint; "Remover acesso" lists them and,
 *   by default, revokes the key (401 at once) and disables the endpoint, which Atividade shows;
 *   a pending invitation is cancelled with "Cancelar convite" and its link stops working.
 * Every page visited is scanned with axe.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, CPF, fillPix, payWithCode, PORT, signIn, tokenFromUrl, type Account } from './shop-helpers';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now();
const MAIL_PAGE_AXE = { exclude: ['iframe[sandbox]'] };
const HOOK_ORIGIN = `http://127.0.0.1:${PORT + 2}`;

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  return context.newPage();
}

/** "Criar chave de API" with the choices given; returns the key, shown once. */
async function createKey(page: Page, name: string, opts: { all?: boolean; refunds?: boolean } = {}): Promise<string> {
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await expect(page.getByLabel('Somente os pedidos criados por esta chave')).toBeChecked();
  await expect(page.getByLabel('Permitir reembolsos')).not.toBeChecked();
  if (opts.all) await page.getByLabel('Todos os pedidos da loja').check();
  if (opts.refunds) await page.getByLabel('Permitir reembolsos').check();
  await page.getByRole('button', { name: 'Criar chave de API' }).click();
  const secret = page.getByTestId('api-key-secret');
  await expect(secret).toHaveValue(/^bk_test_/);
  return secret.inputValue();
}

/** The Dono opens the caught invitation to `recipient` and returns the link's path. */
async function invitationLink(owner: Page, recipient: string): Promise<string> {
  const mail = () => owner.getByRole('listitem').filter({ hasText: `Para ${recipient}` }).getByRole('link', { name: /Convite para a equipe/ });
  await expect(async () => {
    await owner.goto('/sandbox/emails');
    await expect(mail().first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await mail().first().click();
  await expect(owner.getByTestId('email-text')).toBeVisible();
  await expectNoAxeViolations(owner, MAIL_PAGE_AXE);
  const m = /https?:\/\/\S+\/convite\/[A-Za-z0-9_-]+/.exec(await owner.getByTestId('email-text').innerText());
  expect(m).toBeTruthy();
  return new URL(m![0]).pathname;
}

test('a key reads and refunds only within the scopes chosen when it was made; Atividade names the key', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  await signIn(page, '/dashboard/settings/integracoes');
  const narrowName = `Só os meus ${RUN}`;
  const wideName = `Loja inteira ${RUN}`;
  const narrow = await createKey(page, narrowName);
  await page.reload();
  const wide = await createKey(page, wideName, { all: true, refunds: true });
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: narrowName })).toContainText('Somente os pedidos criados por esta chave');
  await expect(page.getByRole('row').filter({ hasText: wideName })).toContainText('Todos os pedidos da loja');
  await expect(page.getByRole('row').filter({ hasText: wideName })).toContainText('Permitidos');
  await expectNoAxeViolations(page);
  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

  // An order placed from the narrow key's own session (the buyer on the hosted checkout).
  const created = await request.post('/api/v1/checkout/sessions', {
    headers: { ...auth(narrow), 'Content-Type': 'application/json' },
    data: { items: [{ name: 'Aula avulsa', amount: 5000, quantity: 1 }], methods: ['pix'], success_url: `${HOOK_ORIGIN}/obrigado` },
  });
  expect(created.status()).toBe(201);
  const session = (await created.json()) as { id: string; url: string };
  const buyer = await newPage(browser);
  await buyer.goto(new URL(session.url).pathname);
  await buyer.getByLabel('Nome completo').fill('Rita Campos');
  await buyer.getByLabel('CPF ou CNPJ').fill(CPF);
  await buyer.getByLabel('E-mail').fill('rita@exemplo.com.br');
  await buyer.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(buyer).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const [own] = appQuery<{ id: string }>('select id from orders where token = ?', tokenFromUrl(buyer.url()));

  // A catalog order, paid: the shop's, not the narrow key's.
  await addToCart(buyer, 'cafe-especial-250g');
  await buyer.goto('/checkout');
  await fillPix(buyer, { name: 'Otávio Reis', email: 'otavio@exemplo.com.br' });
  await buyer.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(buyer).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const [catalog] = appQuery<{ id: string; number: number }>('select id, number from orders where token = ?', tokenFromUrl(buyer.url()));
  await payWithCode(request, await buyer.getByLabel('Pix copia e cola').inputValue());
  await expect(buyer.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
  await buyer.context().close();

  // The narrow key: its own order, and nothing else.
  expect((await request.get(`/api/v1/orders/${own.id}`, { headers: auth(narrow) })).status()).toBe(200);
  const hidden = await request.get(`/api/v1/orders/${catalog.id}`, { headers: auth(narrow) });
  expect(hidden.status()).toBe(404);
  expect(await hidden.json()).toMatchObject({ error: { type: 'not_found' } });
  const list = (await (await request.get('/api/v1/orders?limit=100', { headers: auth(narrow) })).json()) as { data: { id: string }[] };
  expect(list.data.map((o) => o.id)).toEqual([own.id]);
  const refundBody = { amount: 1000, reason: 3, description: 'Desistência' };
  expect((await request.post(`/api/v1/orders/${catalog.id}/refunds`, { headers: { ...auth(narrow), 'Idempotency-Key': `r-${RUN}-1` }, data: refundBody })).status()).toBe(404);
  expect((await request.post(`/api/v1/orders/${own.id}/refunds`, { headers: { ...auth(narrow), 'Idempotency-Key': `r-${RUN}-2` }, data: refundBody })).status()).toBe(404);

  // The wide key reads the catalog order and refunds it.
  const read = await request.get(`/api/v1/orders/${catalog.id}`, { headers: auth(wide) });
  expect(await read.json()).toMatchObject({ id: catalog.id, status: 'paid', customer: { name: 'Otávio Reis' } });
  const refunded = await request.post(`/api/v1/orders/${catalog.id}/refunds`, { headers: { ...auth(wide), 'Idempotency-Key': `r-${RUN}-3` }, data: refundBody });
  expect(refunded.status()).toBe(201);
  expect(await refunded.json()).toMatchObject({ order: { id: catalog.id, refunded: 1000 } });

  // Saved checkouts follow the key's scope too: a shopper leaves the narrow key's session after the e-mail.
  const left = (await (
    await request.post('/api/v1/checkout/sessions', {
      headers: { ...auth(narrow), 'Content-Type': 'application/json' },
      data: { items: [{ name: 'Aula deixada', amount: 4000, quantity: 1 }], methods: ['pix'], success_url: `${HOOK_ORIGIN}/obrigado` },
    })
  ).json()) as { id: string; url: string };
  const leaver = await newPage(browser);
  const leftEmail = `deixou-${RUN}@exemplo.com.br`;
  await leaver.goto(new URL(left.url).pathname);
  await leaver.getByLabel('E-mail').fill(leftEmail);
  await expect.poll(() => appQuery<{ n: number }>('select count(*) n from checkout_drafts where email = ?', leftEmail)[0].n, { timeout: 15_000 }).toBe(1);
  await leaver.context().close();
  type Abandoned = { data: { source: string; source_ref: string | null; contact: { email: string | null } }[] };
  const abandoned = async (key: string) => ((await (await request.get('/api/v1/checkouts/abandoned?limit=100', { headers: auth(key) })).json()) as Abandoned).data;
  const narrowList = await abandoned(narrow);
  expect(narrowList.length).toBeGreaterThan(0);
  expect(narrowList.every((d) => d.source === 'session')).toBe(true);
  expect(narrowList.find((d) => d.contact.email === leftEmail)).toMatchObject({ source_ref: left.id });
  // The wide key sees that checkout, but never the narrow key's session id (it opens the checkout prefilled).
  const wideList = await abandoned(wide);
  expect(wideList.find((d) => d.contact.email === leftEmail)).toMatchObject({ source: 'session', source_ref: null });
  expect(JSON.stringify(wideList)).not.toContain(left.id);

  // Atividade: the keys created, and the refund by the key's name.
  await page.goto('/dashboard/settings/atividade');
  const table = page.getByTestId('activity-table');
  await expect(table.getByText(`Criou a chave de API “${narrowName}” (somente os pedidos dela; sem reembolsos)`)).toBeVisible();
  await expect(table.getByText(`Criou a chave de API “${wideName}” (todos os pedidos da loja; pode reembolsar)`)).toBeVisible();
  const refundRow = page.getByRole('row').filter({ hasText: `pedido #${catalog.number} pela API (chave “${wideName}”)` });
  await expect(refundRow).toContainText(`API: chave “${wideName}”`);
  await expect(refundRow).toContainText('R$ 10,00');
  await expectNoAxeViolations(page);
});

test('"Remover acesso" revokes the person\'s key and disables their endpoint; "Cancelar convite" stops an invitation', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const manager: Account = { email: `gerente-${RUN}@loja.example`, password: 'senha-do-gerente-longa' };
  await signIn(page, '/dashboard/settings/equipe');
  await page.getByLabel('E-mail').fill(manager.email);
  await page.getByLabel('Papel').selectOption({ label: 'Gerente' });
  await page.getByRole('button', { name: 'Convidar pessoa' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Convite enviado para ${manager.email}` })).toBeVisible();
  const invitation = await invitationLink(page, manager.email);

  // The Gerente joins, makes a key and an endpoint.
  const gerente = await newPage(browser);
  await gerente.goto(invitation);
  await gerente.getByLabel('Seu nome').fill('Gil Gerente');
  await gerente.getByLabel('Nova senha', { exact: true }).fill(manager.password);
  await gerente.getByLabel('Confirmar nova senha').fill(manager.password);
  await gerente.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(gerente).toHaveURL(/\/login\?convite=aceito$/);
  await signIn(gerente, '/dashboard/settings/integracoes', manager);
  const keyName = `Site do Gil ${RUN}`;
  const key = await createKey(gerente, keyName);
  await gerente.getByLabel('URL').fill(`${HOOK_ORIGIN}/hooks?token=segredo-${RUN}`);
  await gerente.getByRole('button', { name: 'Adicionar endpoint' }).click();
  await expect(gerente.getByTestId('endpoint-secret')).toHaveValue(/^whsec_/);
  expect((await request.get('/api/v1/orders?limit=1', { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(200);

  // The Dono sees what the Gerente made and removes the access; the box to revoke it is ticked.
  await page.goto('/dashboard/settings/equipe');
  const member = page.getByTestId('team-member').filter({ hasText: manager.email });
  await expect(member.getByTestId('member-integrations')).toContainText(`“${keyName}”`);
  await expect(member.getByTestId('member-integrations')).toContainText(HOOK_ORIGIN);
  await expect(member.getByTestId('member-integrations')).not.toContainText('segredo');
  await expectNoAxeViolations(page);
  await member.getByRole('button', { name: 'Remover acesso' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Chave de API “${keyName}”`);
  await expect(dialog).toContainText(`Endpoint ${HOOK_ORIGIN}`);
  await expect(dialog.getByRole('checkbox', { name: 'Revogar as chaves de API e desativar os endpoints dessa pessoa' })).toBeChecked();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Sim, remover acesso' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/equipe\?removido=1/);
  await expect(page.getByRole('status').filter({ hasText: 'Acesso removido.' })).toContainText('1 chave de API revogada e 1 endpoint desativado');
  await expect(page.getByTestId('team-member').filter({ hasText: manager.email })).toHaveCount(0);

  // The key answers 401 at once; the endpoint is disabled; the Gerente's session is over.
  const refused = await request.get('/api/v1/orders?limit=1', { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  await page.goto('/dashboard/settings/integracoes');
  await expect(page.getByRole('row').filter({ hasText: keyName })).toContainText('Revogada');
  await expect(page.getByRole('article', { name: `Endpoint ${HOOK_ORIGIN}/hooks?token=segredo-${RUN}` })).toContainText('Desativado');
  await gerente.goto('/dashboard');
  await expect(gerente).toHaveURL(/\/login/);
  await gerente.context().close();

  await page.goto(`/dashboard/settings/atividade`);
  const table = page.getByTestId('activity-table');
  await expect(table.getByText(`Revogou a chave de API “${keyName}” ao remover o acesso de ${manager.email}`)).toBeVisible();
  await expect(table.getByText(`Desativou o endpoint de webhook ${HOOK_ORIGIN} ao remover o acesso de ${manager.email}`)).toBeVisible();

  // "Cancelar convite": the pending invitation goes, and its link stops working.
  const guest = `convidado-${RUN}@loja.example`;
  await page.goto('/dashboard/settings/equipe');
  await page.getByLabel('E-mail').fill(guest);
  await page.getByRole('button', { name: 'Convidar pessoa' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Convite enviado para ${guest}` })).toBeVisible();
  const guestLink = await invitationLink(page, guest);
  await page.goto('/dashboard/settings/equipe');
  const pending = page.getByTestId('pending-invitation').filter({ hasText: guest });
  await pending.getByRole('button', { name: 'Cancelar convite' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sim, cancelar convite' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Convite cancelado. O link não funciona mais.' })).toBeVisible();
  await expect(page.getByTestId('pending-invitation').filter({ hasText: guest })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const stranger = await newPage(browser);
  await stranger.goto(guestLink);
  await expect(stranger.getByRole('alert').filter({ hasText: 'Este convite não vale mais' })).toBeVisible();
  await stranger.context().close();
});
