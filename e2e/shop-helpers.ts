/** Shared steps of the shop journeys (e2e/shop-*.spec.ts). */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_SANDBOX_KEY } from './sandbox-key';

export const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The sandbox key of the e2e server (a public demo: the well-known keys are refused there). */
export const SANDBOX_KEY = E2E_SANDBOX_KEY;
export const CRON_SECRET = 'e2e-cron-secret-0123456789';

/** Valid test documents (check digits right). */
export const CPF = '529.982.247-25';
export const CPF_DIGITS = '52998224725';

/** The seeded demo merchant (db/seed.ts): in the e2e server (a public demo) a limited demonstration account. */
export const DEMO = { email: 'demo@balcao.dev', password: 'balcao-demo' } as const;

/** A real owner, made by scripts/e2e-server.mjs through `npm run merchant:create` with the run's own password (playwright.config.ts). */
export const OWNER = { email: 'owner@loja.example', password: process.env.E2E_OWNER_PASSWORD ?? '' } as const;

export type Account = { email: string; password: string };

/** Signs `who` (the owner unless told) in through the login page and waits to land on `callbackPath`. */
export async function signIn(page: Page, callbackPath = '/dashboard', who: Account = OWNER) {
  await test.step(`sign in as ${who.email}`, async () => {
    await page.goto(`/login?callbackUrl=${encodeURIComponent(callbackPath)}`);
    await page.getByLabel('E-mail').fill(who.email);
    await page.getByLabel('Senha').fill(who.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(new RegExp(`${callbackPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  }, { box: true });
}

/** Reads the e2e server's SQLite files (read-only) to count what the journeys created. */
function open(file: 'app.db' | 'sandbox.db') {
  return new Database(path.resolve(`data/e2e-${PORT}/${file}`), { readonly: true, fileMustExist: true });
}

export function appQuery<T>(sql: string, ...params: unknown[]): T[] {
  const db = open('app.db');
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function sandboxQuery<T>(sql: string, ...params: unknown[]): T[] {
  const db = open('sandbox.db');
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function counts(): { orders: number; charges: number } {
  const [o] = appQuery<{ n: number }>('select count(*) as n from orders');
  let charges = 0;
  try {
    charges = sandboxQuery<{ n: number }>('select count(*) as n from payments')[0].n;
  } catch {
    charges = 0; // the sandbox creates its file on first use
  }
  return { orders: o.n, charges };
}

export function tokenFromUrl(url: string): string {
  const m = /\/orders\/([A-Za-z0-9_-]+)/.exec(url);
  if (!m) throw new Error(`not an order URL: ${url}`);
  return m[1];
}

/** Puts products in the cart through the UI (product page, quantity select). */
export async function addToCart(page: Page, slug: string, quantity = 1) {
  await page.goto(`/products/${slug}`);
  if (quantity !== 1) await page.getByLabel('Quantidade').selectOption(String(quantity));
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

export async function fillPix(page: Page, o: { name?: string; document?: string; email?: string } = {}) {
  await page.getByRole('radio', { name: 'Pix', exact: true }).check();
  await page.getByLabel('Nome completo').fill(o.name ?? 'Ana Souza');
  await page.getByLabel('CPF ou CNPJ').fill(o.document ?? CPF);
  await page.getByLabel('E-mail').fill(o.email ?? 'ana@exemplo.com.br');
  // A cart with something to ship asks where to deliver it (the demo shop ships free within SP).
  if (await page.getByLabel('CEP').isVisible()) await fillAddress(page);
}

/** The delivery (or boleto) address: Avenida Paulista, São Paulo/SP. */
export async function fillAddress(page: Page) {
  await page.getByLabel('CEP').fill('01310100');
  await page.getByLabel('Rua').fill('Avenida Paulista');
  await page.getByLabel('Número').fill('1000');
  await page.getByLabel('Bairro').fill('Bela Vista');
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByLabel('UF').selectOption('SP');
}

export async function fillBoleto(page: Page) {
  await page.getByRole('radio', { name: 'Boleto', exact: true }).check();
  await page.getByLabel('Nome completo').fill('Bruno Lima');
  await page.getByLabel('CPF ou CNPJ').fill(CPF);
  await page.getByLabel('E-mail').fill('bruno@exemplo.com.br');
  await fillAddress(page);
}

/**
 * The buyer's bank app: pays a Pix code or a boleto line through the sandbox's control API.
 * A Pix QR code becomes payable a moment after creation (sandbox activation, 1 s): retry
 * while the sandbox says it is not active yet, as a person would.
 */
export async function payWithCode(request: APIRequestContext, code: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await request.post('/api/sandbox/sim/pay', {
      headers: { 'X-API-KEY': SANDBOX_KEY, 'Content-Type': 'application/json' },
      data: { code },
    });
    const text = await res.text();
    if (res.status() === 400 && /status empty/.test(text) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    expect(res.status(), text).toBe(200);
    return JSON.parse(text) as { type: 'pix' | 'boleto'; id: string };
  }
}

export async function statusOf(request: APIRequestContext, token: string) {
  const res = await request.get(`/api/orders/${token}/status`);
  return { status: res.status(), headers: res.headers(), body: (await res.json()) as Record<string, unknown> };
}
