import { afterEach, describe, expect, it } from 'vitest';
import { EnvError, SANDBOX_DEFAULT_KEY, env, parseEnv } from './env';
import { startProcessContext } from '@/lib/process/context';

const SECRET_32 = 'a'.repeat(32);
const DEMO_KEY = 'x'.repeat(32);
const PROVIDER = { PAYMENT_API_URL: 'https://api.provider.example', PAYMENT_API_KEY: 'pk_live_12345678' };

/** The EnvError thrown by parseEnv(source), checked to be one line naming `variable`. */
function envError(source: Record<string, string | undefined>, variable: string): EnvError {
  let caught: unknown;
  try {
    parseEnv(source);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(EnvError);
  const e = caught as EnvError;
  expect(e.message).not.toMatch(/[\r\n]/);
  expect(e.message.startsWith(`Invalid environment variable ${variable}: `)).toBe(true);
  return e;
}

describe('parseEnv defaults', () => {
  it('gives a newcomer with no environment a shop on the embedded sandbox', () => {
    const e = parseEnv({});
    expect(e).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: 'file:./data/balcao.db',
      sandboxDatabaseUrl: 'file:./data/sandbox.db',
      paymentApiUrl: 'http://localhost:3000/api/sandbox',
      paymentApiKey: SANDBOX_DEFAULT_KEY,
      usingSandbox: true,
      sandboxEnabled: true,
      sandboxApiKeys: ['sk_sandbox_dev'],
      sandboxScenario: 'pending',
      sandboxAllowHttpWebhooks: true,
      authSecretIsDefault: true,
      reconcileIntervalSeconds: 60,
      seedOnEmpty: true,
      rateLimit: { checkoutPerMin: 30, loginPerMin: 10, webhookPerMin: 600, cepPerMin: 60, apiPerMin: 120 },
      cepLookup: { enabled: true, urls: ['https://brasilapi.com.br/api/cep/v1/{cep}', 'https://viacep.com.br/ws/{cep}/json/'] },
      logLevel: 'info',
      publicDemo: false,
      trustedProxyHops: 0,
    });
    expect(e.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(e.cronSecret).toBeUndefined();
    expect(e.databaseAuthToken).toBeUndefined();
  });

  it('derives APP_URL (and the sandbox base) from PORT', () => {
    const e = parseEnv({ PORT: '4123' });
    expect(e.port).toBe(4123);
    expect(e.appUrl).toBe('http://localhost:4123');
    expect(e.paymentApiUrl).toBe('http://localhost:4123/api/sandbox');
  });

  it('an explicit APP_URL wins over PORT and loses its trailing slashes', () => {
    const e = parseEnv({ PORT: '4123', APP_URL: 'https://loja.example.com.br/' });
    expect(e.appUrl).toBe('https://loja.example.com.br');
    expect(e.paymentApiUrl).toBe('https://loja.example.com.br/api/sandbox');
  });

  it('treats blank values as unset and trims the others', () => {
    const e = parseEnv({ PAYMENT_API_URL: '', PAYMENT_API_KEY: '   ', PORT: ' 5000 ', LOG_LEVEL: '' });
    expect(e.usingSandbox).toBe(true);
    expect(e.port).toBe(5000);
    expect(e.logLevel).toBe('info');
  });

  it('reads a real provider: no sandbox as provider, no seed by default, URL without trailing slash', () => {
    const e = parseEnv({ ...PROVIDER, PAYMENT_API_URL: 'https://api.provider.example/' });
    expect(e).toMatchObject({
      paymentApiUrl: 'https://api.provider.example',
      paymentApiKey: 'pk_live_12345678',
      usingSandbox: false,
      seedOnEmpty: false,
    });
  });

  it('adds SANDBOX_API_KEYS to the default key, without duplicates', () => {
    expect(parseEnv({ SANDBOX_API_KEYS: 'sk_sandbox_two,sk_sandbox_dev,sk_sandbox_two' }).sandboxApiKeys).toEqual([
      'sk_sandbox_dev',
      'sk_sandbox_two',
    ]);
    envError({ SANDBOX_API_KEYS: 'short' }, 'SANDBOX_API_KEYS');
    envError({ SANDBOX_API_KEYS: 'sk_sandbox_two,,x' }, 'SANDBOX_API_KEYS');
  });

  it('reads the CEP lookup switch and its URL (a template with {cep}, or a base the CEP is appended to)', () => {
    expect(parseEnv({ CEP_LOOKUP: 'off' }).cepLookup.enabled).toBe(false);
    expect(parseEnv({ CEP_LOOKUP: 'on' }).cepLookup.enabled).toBe(true);
    expect(parseEnv({ CEP_LOOKUP_URL: 'http://127.0.0.1:3130/cep/' }).cepLookup.urls).toEqual(['http://127.0.0.1:3130/cep/{cep}']);
    expect(parseEnv({ CEP_LOOKUP_URL: 'https://viacep.com.br/ws/{cep}/json/' }).cepLookup.urls).toEqual(['https://viacep.com.br/ws/{cep}/json/']);
    envError({ CEP_LOOKUP: 'maybe' }, 'CEP_LOOKUP');
    envError({ CEP_LOOKUP_URL: 'ftp://x/{cep}' }, 'CEP_LOOKUP_URL');
    expect(parseEnv({ RATE_LIMIT_CEP_PER_MIN: '5' }).rateLimit.cepPerMin).toBe(5);
  });

  it('chooses the driver of a file: URL with DATABASE_DRIVER, and refuses better-sqlite3 for a remote URL', () => {
    expect(parseEnv({}).databaseDriver).toBeUndefined();
    expect(parseEnv({ DATABASE_DRIVER: 'libsql' }).databaseDriver).toBe('libsql');
    envError({ DATABASE_DRIVER: 'postgres' }, 'DATABASE_DRIVER');
    envError({ DATABASE_DRIVER: 'better-sqlite3', DATABASE_URL: 'libsql://x.turso.io' }, 'DATABASE_DRIVER');
  });

  it('reads numbers within their ranges only', () => {
    expect(parseEnv({ RECONCILE_INTERVAL_SECONDS: '0' }).reconcileIntervalSeconds).toBe(0);
    expect(parseEnv({ RATE_LIMIT_CHECKOUT_PER_MIN: '1000' }).rateLimit.checkoutPerMin).toBe(1000);
    envError({ PORT: 'abc' }, 'PORT');
    envError({ PORT: '0' }, 'PORT');
    envError({ PORT: '70000' }, 'PORT');
    envError({ RECONCILE_INTERVAL_SECONDS: '-1' }, 'RECONCILE_INTERVAL_SECONDS');
    envError({ RECONCILE_INTERVAL_SECONDS: '1.5' }, 'RECONCILE_INTERVAL_SECONDS');
    envError({ RATE_LIMIT_LOGIN_PER_MIN: '0' }, 'RATE_LIMIT_LOGIN_PER_MIN');
  });

  it('accepts only the known enumerations', () => {
    expect(parseEnv({ SANDBOX_SCENARIO: 'approved' }).sandboxScenario).toBe('approved');
    envError({ SANDBOX_SCENARIO: 'paid' }, 'SANDBOX_SCENARIO');
    envError({ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL');
    envError({ NODE_ENV: 'staging' }, 'NODE_ENV');
  });
});

describe('booleans: true|false|1|0 only', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('%s reads as %s', (value, expected) => {
    const e = parseEnv({ ...PROVIDER, SANDBOX_ENABLED: value, SANDBOX_ALLOW_HTTP_WEBHOOKS: value, SEED_ON_EMPTY: value });
    expect(e.sandboxEnabled).toBe(expected);
    expect(e.sandboxAllowHttpWebhooks).toBe(expected);
    expect(e.seedOnEmpty).toBe(expected);
  });

  it.each(['yes', 'no', 'on', 'TRUE', 'False', '2'])('"%s" is rejected, naming the variable', (value) => {
    const e = envError({ SANDBOX_ALLOW_HTTP_WEBHOOKS: value }, 'SANDBOX_ALLOW_HTTP_WEBHOOKS');
    expect(e.message).toContain('expected true, false, 1 or 0');
    envError({ SEED_ON_EMPTY: value }, 'SEED_ON_EMPTY');
  });

  it('SANDBOX_ENABLED=false without a provider leaves nothing to pay with: rejected', () => {
    envError({ SANDBOX_ENABLED: 'false' }, 'SANDBOX_ENABLED');
  });
});

describe('provider and sandbox', () => {
  it('PAYMENT_API_URL without PAYMENT_API_KEY is rejected', () => {
    envError({ PAYMENT_API_URL: 'https://api.provider.example' }, 'PAYMENT_API_KEY');
  });

  it('PAYMENT_API_URL must be an absolute http(s) URL; the key at least 8 characters', () => {
    envError({ ...PROVIDER, PAYMENT_API_URL: 'api.provider.example' }, 'PAYMENT_API_URL');
    envError({ ...PROVIDER, PAYMENT_API_URL: 'ftp://api.provider.example' }, 'PAYMENT_API_URL');
    envError({ ...PROVIDER, PAYMENT_API_KEY: 'short' }, 'PAYMENT_API_KEY');
    envError({ APP_URL: 'loja.example' }, 'APP_URL');
  });

  it('production without a provider and without SANDBOX_ENABLED=true refuses to start, naming PAYMENT_API_URL', () => {
    const e = envError({ NODE_ENV: 'production', AUTH_SECRET: SECRET_32 }, 'PAYMENT_API_URL');
    expect(e.message).toContain('SANDBOX_ENABLED=true');
    envError({ NODE_ENV: 'production', AUTH_SECRET: SECRET_32, SANDBOX_ENABLED: 'false' }, 'PAYMENT_API_URL');
  });

  it('production on the sandbox for a demo: SANDBOX_ENABLED=true (or 1), http webhooks off by default', () => {
    for (const flag of ['true', '1']) {
      const e = parseEnv({ NODE_ENV: 'production', AUTH_SECRET: SECRET_32, SANDBOX_ENABLED: flag, SANDBOX_API_KEYS: DEMO_KEY });
      expect(e).toMatchObject({ isProduction: true, usingSandbox: true, sandboxEnabled: true, publicDemo: true, sandboxAllowHttpWebhooks: false });
    }
  });

  it('a public demo runs only on secret keys: the well-known ones refused, the app on the first secret key', () => {
    const demo = { NODE_ENV: 'production', AUTH_SECRET: SECRET_32, SANDBOX_ENABLED: 'true' };
    expect(envError(demo, 'SANDBOX_API_KEYS').message).toContain('secret');
    expect(envError({ ...demo, SANDBOX_API_KEYS: 'sk_sandbox_dev' }, 'SANDBOX_API_KEYS').message).toContain('sk_sandbox_dev');
    envError({ ...demo, SANDBOX_API_KEYS: `${DEMO_KEY},sk_sandbox_other` }, 'SANDBOX_API_KEYS');
    envError({ ...demo, SANDBOX_API_KEYS: 'sk_short_12345' }, 'SANDBOX_API_KEYS');
    envError({ ...demo, SANDBOX_API_KEYS: DEMO_KEY, PAYMENT_API_KEY: 'sk_sandbox_dev' }, 'PAYMENT_API_KEY');
    envError({ ...demo, SANDBOX_API_KEYS: DEMO_KEY, PAYMENT_API_KEY: 'z'.repeat(30) }, 'PAYMENT_API_KEY');
    const other = 'y'.repeat(32);
    const e = parseEnv({ ...demo, SANDBOX_API_KEYS: `${DEMO_KEY},${other}` });
    expect(e.sandboxApiKeys).toEqual([DEMO_KEY, other]);
    expect(e.paymentApiKey).toBe(DEMO_KEY);
    expect(parseEnv({ ...demo, SANDBOX_API_KEYS: `${DEMO_KEY},${other}`, PAYMENT_API_KEY: other }).paymentApiKey).toBe(other);
  });

  it('development keeps the well-known key for tests and tools', () => {
    expect(parseEnv({ NODE_ENV: 'test' })).toMatchObject({ publicDemo: false, sandboxApiKeys: ['sk_sandbox_dev'], paymentApiKey: 'sk_sandbox_dev' });
  });

  it('TRUSTED_PROXY_HOPS: 0 on a Node host, 1 on Vercel, 0 to 10 when set', () => {
    expect(parseEnv({}).trustedProxyHops).toBe(0);
    expect(parseEnv({ VERCEL: '1' }).trustedProxyHops).toBe(1);
    expect(parseEnv({ VERCEL: '1', TRUSTED_PROXY_HOPS: '2' }).trustedProxyHops).toBe(2);
    envError({ TRUSTED_PROXY_HOPS: '-1' }, 'TRUSTED_PROXY_HOPS');
    envError({ TRUSTED_PROXY_HOPS: '11' }, 'TRUSTED_PROXY_HOPS');
  });

  it('BACKGROUND_WORKERS: on on a Node host, off on Vercel, on/off and the booleans when set', () => {
    expect(parseEnv({}).backgroundWorkers).toBe(true);
    expect(parseEnv({ VERCEL: '1' }).backgroundWorkers).toBe(false);
    expect(parseEnv({ VERCEL: '1', BACKGROUND_WORKERS: 'on' }).backgroundWorkers).toBe(true);
    for (const v of ['off', 'false', '0']) expect(parseEnv({ BACKGROUND_WORKERS: v }).backgroundWorkers).toBe(false);
    for (const v of ['on', 'true', '1']) expect(parseEnv({ VERCEL: '1', BACKGROUND_WORKERS: v }).backgroundWorkers).toBe(true);
    envError({ BACKGROUND_WORKERS: 'yes' }, 'BACKGROUND_WORKERS');
  });

  it('production with a provider: sandbox off by default', () => {
    const e = parseEnv({ NODE_ENV: 'production', AUTH_SECRET: SECRET_32, ...PROVIDER });
    expect(e).toMatchObject({ isProduction: true, usingSandbox: false, sandboxEnabled: false, sandboxAllowHttpWebhooks: false });
  });
});

describe('auth secret', () => {
  it('is required in production, at least 32 characters', () => {
    envError({ NODE_ENV: 'production', ...PROVIDER }, 'AUTH_SECRET');
    envError({ NODE_ENV: 'production', ...PROVIDER, AUTH_SECRET: 'a'.repeat(31) }, 'AUTH_SECRET');
    const e = parseEnv({ NODE_ENV: 'production', ...PROVIDER, AUTH_SECRET: SECRET_32 });
    expect(e.authSecret).toBe(SECRET_32);
    expect(e.authSecretIsDefault).toBe(false);
  });

  it('accepts NEXTAUTH_SECRET; AUTH_SECRET wins when both are set', () => {
    const b = 'b'.repeat(40);
    expect(parseEnv({ NODE_ENV: 'production', ...PROVIDER, NEXTAUTH_SECRET: b }).authSecret).toBe(b);
    expect(parseEnv({ NODE_ENV: 'production', ...PROVIDER, NEXTAUTH_SECRET: b, AUTH_SECRET: SECRET_32 }).authSecret).toBe(SECRET_32);
  });

  it('a short secret is rejected in development too, rather than silently used', () => {
    envError({ AUTH_SECRET: 'short-secret' }, 'AUTH_SECRET');
  });

  it('CRON_SECRET needs at least 16 characters', () => {
    expect(parseEnv({ CRON_SECRET: 'c'.repeat(16) }).cronSecret).toBe('c'.repeat(16));
    envError({ CRON_SECRET: 'c'.repeat(15) }, 'CRON_SECRET');
  });
});

describe('database URLs', () => {
  it.each(['file:./data/x.db', 'file:/tmp/balcao/x.db', './data/x.db', 'libsql://balcao.turso.io', 'https://db.example', 'http://127.0.0.1:8080'])(
    'accepts %s',
    (url) => {
      expect(parseEnv({ DATABASE_URL: url, SANDBOX_DATABASE_URL: url }).databaseUrl).toBe(url);
    },
  );

  it.each(['postgres://u:p@h/db', 'mysql://h/db', 'sqlite://x.db'])('rejects the scheme of %s, naming the variable', (url) => {
    const e = envError({ DATABASE_URL: url }, 'DATABASE_URL');
    expect(e.message).toContain('libsql://');
    envError({ SANDBOX_DATABASE_URL: url }, 'SANDBOX_DATABASE_URL');
  });
});

describe('env(): lazy and cached', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
    startProcessContext();
  });

  it('reads process.env once, until reset', () => {
    process.env.APP_URL = 'https://one.example';
    startProcessContext();
    expect(env().appUrl).toBe('https://one.example');
    process.env.APP_URL = 'https://two.example';
    expect(env().appUrl).toBe('https://one.example');
    startProcessContext();
    expect(env().appUrl).toBe('https://two.example');
  });

  it('throws the EnvError on first use, not on import', () => {
    process.env.SANDBOX_ENABLED = 'yes';
    startProcessContext();
    expect(() => env()).toThrow(EnvError);
    expect(() => env()).toThrow('Invalid environment variable SANDBOX_ENABLED: expected true, false, 1 or 0');
  });
});

describe('URL forms the lead tightened after review', () => {
  const base = { NODE_ENV: 'development' } as Record<string, string>;
  it('accepts the standard file:/// URL for SQLite', () => {
    expect(parseEnv({ ...base, DATABASE_URL: 'file:///tmp/x.db' }).databaseUrl).toBe('file:///tmp/x.db');
  });
  it('refuses a provider URL that already ends in /v1', () => {
    expect(() => parseEnv({ ...base, PAYMENT_API_URL: 'https://api.example.com/v1', PAYMENT_API_KEY: 'k_12345678' })).toThrow(/PAYMENT_API_URL/);
  });
  it('refuses an APP_URL with a query, fragment or credentials', () => {
    expect(() => parseEnv({ ...base, APP_URL: 'http://localhost:3000?x=1' })).toThrow(/APP_URL/);
    expect(() => parseEnv({ ...base, APP_URL: 'https://u:p@shop.example' })).toThrow(/APP_URL/);
  });
  it('names NEXTAUTH_SECRET when that is the short one', () => {
    expect(() => parseEnv({ ...base, NEXTAUTH_SECRET: 'short' })).toThrow(/NEXTAUTH_SECRET/);
  });
});

describe('e-mail transport', () => {
  it('no SMTP_URL with the sandbox: kept for /sandbox/emails; from no-reply@<APP_URL host>', () => {
    expect(parseEnv({}).email).toEqual({ mode: 'catcher', smtpUrl: undefined, fromAddress: 'no-reply@localhost' });
    expect(parseEnv({ APP_URL: 'https://loja.example.com.br' }).email.fromAddress).toBe('no-reply@loja.example.com.br');
  });

  it('production with a provider and no SMTP_URL: e-mails off; SMTP_URL turns them on', () => {
    const base = { NODE_ENV: 'production', AUTH_SECRET: SECRET_32, ...PROVIDER };
    expect(parseEnv(base).email.mode).toBe('off');
    const e = parseEnv({ ...base, SMTP_URL: 'smtps://user:pass@smtp.example.com:465', MAIL_FROM: 'Loja <vendas@loja.com.br>' });
    expect(e.email).toEqual({ mode: 'smtp', smtpUrl: 'smtps://user:pass@smtp.example.com:465', fromAddress: 'vendas@loja.com.br' });
    expect(parseEnv({ MAIL_FROM: 'vendas@loja.com.br' }).email.fromAddress).toBe('vendas@loja.com.br');
  });

  it('a malformed SMTP_URL or MAIL_FROM stops the start with one line', () => {
    envError({ SMTP_URL: 'http://smtp.example.com' }, 'SMTP_URL');
    envError({ SMTP_URL: 'smtp.example.com:587' }, 'SMTP_URL');
    envError({ MAIL_FROM: 'not an address' }, 'MAIL_FROM');
  });
});
