import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loggerOptions, redactSecrets } from './log';
import { startProcessContext } from '@/lib/process/context';

const API_KEY = 'sk_live_9f8e7d6c5b4a3210fedcba';
const CRON = 'cron-secret-abcdefghijklmnop';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const log = pino(loggerOptions('debug'), stream);
  return { log, lines, json: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

const saved = { ...process.env };
beforeEach(() => {
  process.env.PAYMENT_API_KEY = API_KEY;
  process.env.CRON_SECRET = CRON;
});
afterEach(() => {
  process.env = { ...saved };
  startProcessContext();
});

describe('redactSecrets', () => {
  it('cuts the API key and other secrets out of any text', () => {
    expect(redactSecrets(`GET https://api.example/v1?key=${API_KEY} failed; cron ${CRON}`)).toBe(
      'GET https://api.example/v1?key=[redacted] failed; cron [redacted]',
    );
  });

  it('leaves text alone when no secret is configured, and ignores too-short values', () => {
    delete process.env.PAYMENT_API_KEY;
    process.env.CRON_SECRET = 'abc';
    expect(redactSecrets('abc def')).toBe('abc def');
  });
});

describe('logger redaction', () => {
  it('redacts the API key from a logged error: message, stack and msg', () => {
    const { log, lines, json } = capture();
    const err = new Error(`provider said 401 for key ${API_KEY}`);
    log.error(err);
    log.error({ err }, `creating the charge failed (${API_KEY})`);
    expect(lines.join('\n')).not.toContain(API_KEY);
    const [first, second] = json();
    expect(first.msg).toBe('provider said 401 for key [redacted]');
    expect((first.err as { message: string }).message).toBe('provider said 401 for key [redacted]');
    expect((first.err as { stack: string }).stack).toContain('[redacted]');
    expect(second.msg).toBe('creating the charge failed ([redacted])');
  });

  it('redacts secrets nested in objects, arrays and error causes', () => {
    const { log, lines } = capture();
    const cause = new Error(`inner ${API_KEY}`);
    log.warn({ request: { url: `https://x/?k=${API_KEY}`, list: [API_KEY] }, err: new Error('outer', { cause }) }, 'nested');
    expect(lines.join('\n')).not.toContain(API_KEY);
  });

  it('censors secret-bearing keys by path whatever their value', () => {
    const { log, json } = capture();
    log.info({ apiKey: 'short', headers: { 'x-api-key': 'k', authorization: 'Bearer t', cookie: 'c=1' }, password: 'p', config: { password: 'q' } }, 'x');
    const line = json()[0] as Record<string, unknown> & { headers: Record<string, string>; config: Record<string, string> };
    expect(line.apiKey).toBe('[redacted]');
    expect(line.headers).toEqual({ 'x-api-key': '[redacted]', authorization: '[redacted]', cookie: '[redacted]' });
    expect(line.password).toBe('[redacted]');
    expect(line.config.password).toBe('[redacted]');
  });

  it('never writes a CPF/CNPJ or a full name: documents are masked, names censored', () => {
    const { log, lines, json } = capture();
    log.info(
      {
        orderId: 'o1',
        buyer: { name: 'Maria da Silva Souza', document: '52998224725', email: 'maria@example.com' },
        payer: { name: 'Empresa Exemplo LTDA', document: '11222333000181' },
        buyerDocument: '52998224725',
        buyerName: 'Maria da Silva Souza',
        request: { payer: { name: 'João Pereira Lima', document: '39053344705' } },
      },
      'order placed',
    );
    const text = lines.join('\n');
    expect(text).not.toContain('52998224725');
    expect(text).not.toContain('11222333000181');
    expect(text).not.toContain('Maria');
    expect(text).not.toContain('Empresa Exemplo');
    expect(text).not.toContain('maria@example.com');
    expect(text).not.toContain('João');
    expect(text).not.toContain('39053344705');
    const line = json()[0] as { buyer: Record<string, string>; payer: Record<string, string>; buyerDocument: string; orderId: string };
    expect(line.buyer.document).toBe('529.***.***-25');
    expect(line.payer.document).toBe('11.***.***/0001-81');
    expect(line.buyerDocument).toBe('529.***.***-25');
    expect(line.buyer.name).toBe('[redacted]');
    expect(line.orderId).toBe('o1');
  });

  it('writes JSON with an ISO time and a level label', () => {
    const { log, json } = capture();
    log.info({ outcome: 'applied' }, 'webhook');
    const line = json()[0];
    expect(line.level).toBe('info');
    expect(line.app).toBe('balcao');
    expect(String(line.time)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(line.outcome).toBe('applied');
  });
});
