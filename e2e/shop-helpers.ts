/** Shared steps of the shop journeys (e2e/shop-*.spec.ts). */
import fs from 'node:fs';
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

/**
 * Signs `who` (the owner unless told) in and lands on `callbackPath`.
 *
 * The owner and the demo account sign in through the login form once per server and run
 * (e2e/auth.setup.ts, or the first call here); every later call reuses that session, saved as
 * Playwright's storage state beside the server's databases, and opens `callbackPath` at once.
 * A stored session that the server refuses ("Sair" and "Sair de todos os dispositivos" end
 * every session of the account) lands on the login form, which signs in again and stores the
 * new session. Any other account (the journeys' own, whose passwords change) always signs in
 * through the form. The sign-in journeys themselves (e2e/dashboard-merchant.spec.ts,
 * e2e/dashboard-sessions.spec.ts) fill the form by hand and keep sessions of their own.
 */
export async function signIn(page: Page, callbackPath = '/dashboard', who: Account = OWNER) {
  const landed = new RegExp(`${callbackPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const file = storedSessionFile(who);
  const stored = file ? readStoredSession(file) : undefined;
  if (stored) {
    const reused = await test.step(`stored session of ${who.email}`, async () => {
      await page.context().addCookies(stored.cookies);
      await page.goto(callbackPath);
      return landed.test(page.url());
    }, { box: true });
    if (reused) return;
  }
  await test.step(`sign in as ${who.email}`, async () => {
    await page.goto(`/login?callbackUrl=${encodeURIComponent(callbackPath)}`);
    await page.getByLabel('E-mail').fill(who.email);
    await page.getByLabel('Senha').fill(who.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(landed);
  }, { box: true });
  if (file) writeStoredSession(file, await page.context().storageState());
}

type StorageState = Awaited<ReturnType<ReturnType<Page['context']>['storageState']>>;
const storedSessions = new Map<string, StorageState>();

/** Where `who`'s session on this test's server is kept (data/e2e-<port>/auth/), or undefined for an account whose sessions are not shared. */
function storedSessionFile(who: Account): string | undefined {
  const role = who.email === OWNER.email ? 'owner' : who.email === DEMO.email ? 'demo' : undefined;
  if (!role) return undefined;
  const baseURL = test.info().project.use.baseURL ?? `http://localhost:${PORT}`;
  return path.resolve(`data/e2e-${new URL(baseURL).port}/auth/${role}.json`);
}

function readStoredSession(file: string): StorageState | undefined {
  const cached = storedSessions.get(file);
  if (cached) return cached;
  try {
    const state = JSON.parse(fs.readFileSync(file, 'utf8')) as StorageState;
    storedSessions.set(file, state);
    return state;
  } catch {
    return undefined; // not signed in yet on this server
  }
}

function writeStoredSession(file: string, state: StorageState) {
  // Only the cookies: the session is the httpOnly cookie, and a page's local storage is its own.
  const session = { cookies: state.cookies, origins: [] };
  storedSessions.set(file, session);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(session));
  fs.renameSync(`${file}.tmp`, file);
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

/**
 * A CSV export read back and written with only the quotes a ";" file needs (the exports quote
 * every text cell), so a journey can compare its cells as text.
 */
export function unquotedCsv(text: string): string {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  const out = (c: string) => (/[;"\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return rows.map((r) => r.map(out).join(';') + '\r\n').join('');
}
