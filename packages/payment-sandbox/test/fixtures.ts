/**
 * Test fixtures for the sandbox: an isolated instance on its own temporary SQLite file with a
 * controllable real clock, a request helper, and valid request bodies.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays } from '@balcao/br/dates';
import { sandboxToday } from '../src/clock';

export { advanceClock } from '../src/clock';
export { replaceFaults } from '../src/faults';
import { closeSandboxContext, createSandboxContext, type SandboxContext, type SandboxOptions } from '../src/context';
import { handleSandboxRequestWith } from '../src/handler';

export const KEY = 'sk_sandbox_dev';
export const OTHER_KEY = 'sk_sandbox_other_key';
export const CPF = '52998224725';
export const CNPJ = '11222333000181';

/** 2025-06-10 12:00 in São Paulo (15:00 UTC). */
export const T0 = Date.UTC(2025, 5, 10, 15, 0, 0);

export type TestSandbox = {
  ctx: SandboxContext;
  /** Moves the fake real clock (not the sandbox offset). */
  advanceReal(ms: number): void;
  realTime(): number;
  close(): void;
  dbPath: string;
};

let counter = 0;

export function tempDbUrl(): { url: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-sandbox-'));
  const file = path.join(dir, `sandbox-${++counter}.db`);
  return { url: `file:${file}`, file };
}

export function newSandbox(options: Partial<SandboxOptions> & { startAt?: number } = {}): TestSandbox {
  let t = options.startAt ?? T0;
  const { url, file } = options.databaseUrl ? { url: options.databaseUrl, file: options.databaseUrl.replace(/^file:/, '') } : tempDbUrl();
  const ctx = createSandboxContext({
    apiKeys: [OTHER_KEY],
    appUrl: 'http://localhost:3210',
    realNow: () => t,
    ...options,
    databaseUrl: url,
  });
  return {
    ctx,
    advanceReal: (ms) => {
      t += ms;
    },
    realTime: () => t,
    close: () => closeSandboxContext(ctx),
    dbPath: file,
  };
}

export type CallOptions = {
  body?: unknown;
  rawBody?: string;
  key?: string | null;
  headers?: Record<string, string | null>;
};

export type CallResult = { status: number; headers: Headers; json: unknown; text: string };

/** One request to the sandbox handler, with the headers a well-behaved client sends unless told otherwise. */
export async function call(ctx: SandboxContext, method: string, urlPath: string, opts: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': 'BalcaoTest/1.0' };
  if (opts.key !== null) headers['X-API-KEY'] = opts.key ?? KEY;
  for (const [k, v] of Object.entries(opts.headers ?? {})) {
    for (const existing of Object.keys(headers)) if (existing.toLowerCase() === k.toLowerCase()) delete headers[existing];
    if (v !== null) headers[k] = v;
  }
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const url = new URL(urlPath, 'http://localhost:3210/api/sandbox/');
  const req = new Request(url, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body });
  const segments = url.pathname.replace(/^\/api\/sandbox\//, '').split('/').filter(Boolean);
  const res = await handleSandboxRequestWith(ctx, req, segments);
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

export function errorOf(r: CallResult): string {
  return (r.json as { error?: string } | undefined)?.error ?? '';
}

export function boletoBody(ctx: SandboxContext, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const today = sandboxToday(ctx);
  return {
    due_date: addDays(today, 3),
    grace_period: 5,
    amount: 150.5,
    description: 'Pedido 123',
    payer: {
      name: 'Maria da Silva',
      document: CPF,
      zip: '01310100',
      street: 'Avenida Paulista',
      city: 'São Paulo',
      state: 'SP',
      number: '1000',
      neighborhood: 'Bela Vista',
    },
    fine: 2,
    interest: 0.1,
    ...overrides,
  };
}

export function pixBody(ctx: SandboxContext, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const today = sandboxToday(ctx);
  return {
    amount: 42.9,
    description: 'Pedido 456',
    expiration: 1,
    due_date: addDays(today, 1),
    payer: { name: 'João Souza', document: CPF },
    ...overrides,
  };
}

export async function createBoleto(ctx: SandboxContext, overrides: Record<string, unknown> = {}, key = KEY): Promise<string> {
  const r = await call(ctx, 'POST', 'v1/charges', { body: boletoBody(ctx, overrides), key });
  if (r.status !== 201) throw new Error(`boleto create failed: ${r.status} ${r.text}`);
  return (r.json as { id: string }).id;
}

export async function createPix(ctx: SandboxContext, overrides: Record<string, unknown> = {}, key = KEY): Promise<{ id: string; data: string; image: string }> {
  const r = await call(ctx, 'POST', 'v1/pix/due', { body: pixBody(ctx, overrides), key });
  if (r.status !== 201) throw new Error(`pix create failed: ${r.status} ${r.text}`);
  const j = r.json as { id: string; payload: { data: string; image: string } };
  return { id: j.id, data: j.payload.data, image: j.payload.image };
}

export async function read(ctx: SandboxContext, kind: 'boleto' | 'pix', id: string, key = KEY): Promise<Record<string, unknown>> {
  const r = await call(ctx, 'GET', kind === 'boleto' ? `v1/charges/${id}` : `v1/pix/${id}`, { key });
  if (r.status !== 200) throw new Error(`read failed: ${r.status} ${r.text}`);
  return r.json as Record<string, unknown>;
}

/** Moves the sandbox clock forward through the control API. */
export async function advance(ctx: SandboxContext, seconds: number): Promise<string> {
  const r = await call(ctx, 'POST', 'sim/clock', { body: { advance_seconds: seconds } });
  if (r.status !== 200) throw new Error(`clock failed: ${r.status} ${r.text}`);
  return (r.json as { now: string }).now;
}
