/**
 * Configuration: read from process.env once, validated with zod, lazily.
 * Never at import or build time (`next build` runs with no environment).
 * docs/reference.md, "Configuration", is the reference for names and defaults.
 */
import { SANDBOX_DEV_KEY } from '@balcao/payment-sandbox/dev-key';
import { z } from 'zod';
import { processSingleton } from '@/lib/process/context';

const DEV_AUTH_SECRET = 'balcao-development-secret-not-for-production-use';
/** The embedded sandbox's development key: the client's key when nothing else is configured. */
export const SANDBOX_DEFAULT_KEY = SANDBOX_DEV_KEY;
/** Keys printed in the docs and examples: anyone can use them, so a public demo refuses them. */
export const WELL_KNOWN_SANDBOX_KEYS: readonly string[] = [SANDBOX_DEFAULT_KEY, 'sk_sandbox_other'];
/** A public demo's sandbox keys are secrets: long enough that nobody guesses one. */
export const PUBLIC_DEMO_MIN_KEY_LENGTH = 24;

/** Booleans accept exactly true|false|1|0 ("false" must not read as true). */
const bool = z
  .enum(['true', 'false', '1', '0'], { message: 'expected true, false, 1 or 0' })
  .transform((v) => v === 'true' || v === '1');

const intIn = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: `expected a whole number from ${min} to ${max}` })
    .transform(Number)
    .pipe(z.number().int().min(min, { message: `expected at least ${min}` }).max(max, { message: `expected at most ${max}` }));

const httpUrl = z
  .string()
  .url({ message: 'expected an absolute http(s) URL' })
  .refine((v) => /^https?:\/\//.test(v), { message: 'expected an http:// or https:// URL' })
  .refine(
    (v) => {
      if (!URL.canParse(v)) return true; // reported by .url() above
      const u = new URL(v);
      return !u.search && !u.hash && !u.username && !u.password;
    },
    { message: 'expected a base URL without query, fragment or credentials' },
  )
  .transform((v) => v.replace(/\/+$/, ''));

const dbUrl = z
  .string()
  .min(1, { message: 'expected file:<path>, a path, or a libsql://, https:// or http:// URL' })
  .refine((v) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^(libsql|https?|file):\/\//i.test(v), {
    message: 'expected file:<path>, a path, or a libsql://, https:// or http:// URL',
  });

/** "http://10.0.0.5:8080" exactly: an http(s) origin with no path, query, fragment or credentials. */
function isBareOrigin(v: string): boolean {
  if (!URL.canParse(v)) return false;
  const u = new URL(v);
  return /^https?:$/.test(u.protocol) && u.origin === v.replace(/\/$/, '') && !u.username && !u.password;
}

const rawSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: intIn(1, 65535).optional(),
  APP_URL: httpUrl.optional(),
  DATABASE_URL: dbUrl.default('file:./data/balcao.db'),
  DATABASE_AUTH_TOKEN: z.string().min(1).optional(),
  DATABASE_DRIVER: z.enum(['better-sqlite3', 'libsql'], { message: 'expected better-sqlite3 or libsql' }).optional(),
  SANDBOX_DATABASE_URL: dbUrl.default('file:./data/sandbox.db'),
  /** Melhor Envio's base URL (docs/shipping-contract.md); unset → the embedded carrier sandbox or Melhor Envio's own. */
  MELHOR_ENVIO_URL: httpUrl.optional(),
  /** The WhatsApp Cloud API's base URL (docs/whatsapp-contract.md); unset → the embedded sandbox or Meta's Graph API. */
  WHATSAPP_GRAPH_URL: httpUrl.optional(),
  /** Bling API v3's base URL (before /Api/v3) and the app's OAuth credentials (docs/bling-contract.md); unset → the embedded Bling sandbox. */
  BLING_URL: httpUrl.optional(),
  BLING_CLIENT_ID: z.string().min(1).optional(),
  BLING_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where server-side pixel events go (lib/pixels/sender.ts); tests point them at a local receiver. */
  META_GRAPH_URL: httpUrl.optional(),
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, { message: 'expected the base64url public key (65 bytes)' }).optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, { message: 'expected the base64url private key (32 bytes)' }).optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, { message: 'expected mailto:… or https://…' }).optional(),
  GA4_COLLECT_URL: httpUrl.optional(),
  PAYMENT_API_URL: httpUrl
    .refine((v) => !/\/v1$/i.test(v), { message: 'expected the base URL before /v1 (the client adds /v1/...)' })
    .optional(),
  PAYMENT_API_KEY: z.string().min(8, { message: 'expected the provider API key (at least 8 characters)' }).optional(),
  SANDBOX_ENABLED: bool.optional(),
  SANDBOX_API_KEYS: z
    .string()
    .regex(/^[A-Za-z0-9_\-]{8,}(,[A-Za-z0-9_\-]{8,})*$/, {
      message: 'expected comma-separated keys of at least 8 characters (letters, digits, _ or -)',
    })
    .optional(),
  SANDBOX_SCENARIO: z.enum(['approved', 'refused', 'pending'], { message: 'expected approved, refused or pending' }).default('pending'),
  SANDBOX_ALLOW_HTTP_WEBHOOKS: bool.optional(),
  WEBHOOK_ALLOWED_ORIGINS: z
    .string()
    .refine((v) => v.split(',').every((o) => isBareOrigin(o.trim())), {
      message: 'expected comma-separated origins such as http://10.0.0.5:8080 (scheme, host and port; no path)',
    })
    .optional(),
  AUTH_SECRET: z.string().optional(),
  NEXTAUTH_SECRET: z.string().optional(),
  CRON_SECRET: z.string().min(16, { message: 'expected at least 16 characters' }).optional(),
  RECONCILE_INTERVAL_SECONDS: intIn(0, 86400).default(60),
  SEED_ON_EMPTY: bool.optional(),
  RATE_LIMIT_CHECKOUT_PER_MIN: intIn(1, 1_000_000).default(30),
  RATE_LIMIT_LOGIN_PER_MIN: intIn(1, 1_000_000).default(10),
  RATE_LIMIT_WEBHOOK_PER_MIN: intIn(1, 1_000_000).default(600),
  RATE_LIMIT_API_PER_MIN: intIn(1, 1_000_000).default(120),
  UNPAID_ORDERS_PER_DOCUMENT: intIn(1, 1_000_000).default(3),
  EMAILS_PER_RECIPIENT_PER_DAY: intIn(1, 1_000_000).default(3),
  SMTP_URL: z
    .string()
    .refine((v) => URL.canParse(v) && /^smtps?:$/i.test(new URL(v).protocol) && !!new URL(v).hostname, {
      message: 'expected smtp://user:pass@host:587 or smtps://user:pass@host:465',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .refine((v) => /^[^\s@<>"]+@[^\s@<>"]+$/.test(v) || /^[^<>]*<[^\s@<>"]+@[^\s@<>"]+>$/.test(v), {
      message: 'expected an e-mail address, e.g. no-reply@yourshop.com.br (optionally "Name <address>")',
    })
    .optional(),
  RATE_LIMIT_CEP_PER_MIN: intIn(1, 1_000_000).default(60),
  CEP_LOOKUP: z.enum(['on', 'off', 'true', 'false', '1', '0'], { message: 'expected on or off' }).default('on'),
  CEP_LOOKUP_URL: z
    .string()
    .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v.replace('{cep}', '00000000')), {
      message: 'expected an http(s) URL; {cep} marks where the CEP goes, else it is appended as /<cep>',
    })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUSTED_PROXY_HOPS: intIn(0, 10).optional(),
  BACKGROUND_WORKERS: z.enum(['on', 'off', 'true', 'false', '1', '0'], { message: 'expected on or off' }).optional(),
  /** Set by Vercel on its hosts: one trusted proxy (Vercel's edge) by default there. */
  VERCEL: z.string().optional(),
});

export type AppEnv = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  appUrl: string;
  databaseUrl: string;
  databaseAuthToken?: string;
  /**
   * DATABASE_DRIVER: the driver of a file: URL. Unset → better-sqlite3 (synchronous, the
   * fastest on one host); `libsql` runs @libsql/client's async path on the local file, the
   * code path a Turso deployment takes. A libsql:// or http(s)
   * URL is always libSQL.
   */
  databaseDriver?: 'better-sqlite3' | 'libsql';
  sandboxDatabaseUrl: string;
  /** Base URL before /v1 — the real provider, or the embedded sandbox. */
  paymentApiUrl: string;
  /** MELHOR_ENVIO_URL, when set (lib/shipping/carrier.ts decides the default). */
  melhorEnvioUrl: string | undefined;
  /** WHATSAPP_GRAPH_URL, when set (lib/whatsapp/settings.ts decides the default). */
  whatsappGraphUrl: string | undefined;
  /** BLING_URL and the OAuth app's credentials, when set (lib/nfe/connection.ts decides the default). */
  bling: { url: string | undefined; clientId: string | undefined; clientSecret: string | undefined };
  /** META_GRAPH_URL (before /<version>/<pixel id>/events) and GA4_COLLECT_URL (the whole collect address). */
  pixels: { metaGraphUrl: string; ga4CollectUrl: string };
  /** Web Push's VAPID pair (both or neither; unset → generated once and kept sealed in the database) and its contact. */
  vapid: { publicKey: string; privateKey: string } | null;
  vapidSubject: string;
  paymentApiKey: string;
  /** True when no provider is configured and the embedded sandbox is the provider. */
  usingSandbox: boolean;
  sandboxEnabled: boolean;
  /**
   * NODE_ENV=production with the sandbox on: anyone on the Internet can reach it and visitors
   * type real CPFs, so only secret keys work and the sandbox's global controls, other people's
   * payments and payer data are closed to visitors (docs/sandbox.md, "A public demo").
   */
  publicDemo: boolean;
  sandboxApiKeys: string[];
  sandboxScenario: 'approved' | 'refused' | 'pending';
  sandboxAllowHttpWebhooks: boolean;
  /**
   * Where outgoing webhooks (the sandbox's and the shop's own) may go although the target is
   * loopback or private: WEBHOOK_ALLOWED_ORIGINS's origins, and in development any loopback.
   */
  webhookTargets: { allowedOrigins: string[]; allowLoopback: boolean };
  authSecret: string;
  authSecretIsDefault: boolean;
  cronSecret?: string;
  reconcileIntervalSeconds: number;
  seedOnEmpty: boolean;
  rateLimit: { checkoutPerMin: number; loginPerMin: number; webhookPerMin: number; cepPerMin: number; apiPerMin: number };
  /** UNPAID_ORDERS_PER_DOCUMENT, EMAILS_PER_RECIPIENT_PER_DAY (default 3 each). */
  caps: { unpaidOrdersPerDocument: number; emailsPerRecipientPerDay: number };
  /** CEP autofill: off, or the services asked in order (URL templates with {cep}). */
  cepLookup: { enabled: boolean; urls: string[] };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Where shopper e-mails go: 'smtp' (SMTP_URL), 'catcher' (no SMTP_URL, sandbox on: kept in
   * the database and shown at /sandbox/emails) or 'off' (no SMTP_URL, no sandbox: they wait).
   */
  email: { mode: 'smtp' | 'catcher' | 'off'; smtpUrl?: string; fromAddress: string };
  /** How many proxies stand between the Internet and this server (lib/security/client-address.ts). */
  trustedProxyHops: number;
  /**
   * BACKGROUND_WORKERS: whether this process runs the interval workers (outbox, outbound
   * webhooks, reconciliation). Off on Vercel by default: a function instance runs only while a
   * request does, so work finishes after each response (lib/server/after-pass.ts) and through
   * the cron route.
   */
  backgroundWorkers: boolean;
};

export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvError';
  }
}

/** Empty strings count as unset (a blank line in .env must not be a value). */
function clean(source: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) if (v !== undefined && v.trim() !== '') out[k] = v.trim();
  return out;
}

/** Parses an environment; throws EnvError with one line naming the variable. Pure: testable. */
export function parseEnv(source: Record<string, string | undefined>): AppEnv {
  const result = rawSchema.safeParse(clean(source));
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new EnvError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const e = result.data;
  const isProduction = e.NODE_ENV === 'production';
  const port = e.PORT ?? 3000;
  const appUrl = e.APP_URL ?? `http://localhost:${port}`;

  if (e.DATABASE_DRIVER === 'better-sqlite3' && /^(libsql|https?):\/\//i.test(e.DATABASE_URL)) {
    throw new EnvError('Invalid environment variable DATABASE_DRIVER: better-sqlite3 opens only a file: URL or a path; a libsql:// or http(s) URL is libSQL');
  }
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new EnvError('Invalid environment variable VAPID_PRIVATE_KEY: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, or neither');
  }
  if (e.PAYMENT_API_URL && !e.PAYMENT_API_KEY) {
    throw new EnvError('Invalid environment variable PAYMENT_API_KEY: required when PAYMENT_API_URL is set');
  }
  const usingSandbox = !e.PAYMENT_API_URL;
  const sandboxEnabled = e.SANDBOX_ENABLED ?? !isProduction;
  if (isProduction && usingSandbox && e.SANDBOX_ENABLED !== true) {
    throw new EnvError(
      'Invalid environment variable PAYMENT_API_URL: set PAYMENT_API_URL and PAYMENT_API_KEY for the real provider, or SANDBOX_ENABLED=true for a demo on the embedded sandbox',
    );
  }
  if (usingSandbox && !sandboxEnabled) {
    throw new EnvError(
      'Invalid environment variable SANDBOX_ENABLED: the embedded sandbox is off and no PAYMENT_API_URL is set; set the provider or enable the sandbox',
    );
  }

  const secret = e.AUTH_SECRET ?? e.NEXTAUTH_SECRET;
  const secretName = e.AUTH_SECRET !== undefined || e.NEXTAUTH_SECRET === undefined ? 'AUTH_SECRET' : 'NEXTAUTH_SECRET';
  if (isProduction && !secret) {
    throw new EnvError('Invalid environment variable AUTH_SECRET: required in production, at least 32 characters');
  }
  if (secret !== undefined && secret.length < 32) {
    throw new EnvError(`Invalid environment variable ${secretName}: expected at least 32 characters`);
  }

  const publicDemo = isProduction && sandboxEnabled;
  const extraKeys = e.SANDBOX_API_KEYS?.split(',') ?? [];
  const sandboxApiKeys = (publicDemo ? extraKeys : [SANDBOX_DEFAULT_KEY, ...extraKeys]).filter((k, i, all) => all.indexOf(k) === i);
  if (publicDemo) checkPublicDemoKeys(extraKeys, usingSandbox ? e.PAYMENT_API_KEY : undefined);

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port,
    appUrl,
    databaseUrl: e.DATABASE_URL,
    databaseAuthToken: e.DATABASE_AUTH_TOKEN,
    databaseDriver: e.DATABASE_DRIVER,
    sandboxDatabaseUrl: e.SANDBOX_DATABASE_URL,
    paymentApiUrl: e.PAYMENT_API_URL ?? `${appUrl}/api/sandbox`,
    melhorEnvioUrl: e.MELHOR_ENVIO_URL,
    whatsappGraphUrl: e.WHATSAPP_GRAPH_URL?.replace(/\/+$/, ''),
    bling: { url: e.BLING_URL?.replace(/\/+$/, ''), clientId: e.BLING_CLIENT_ID, clientSecret: e.BLING_CLIENT_SECRET },
    pixels: {
      metaGraphUrl: (e.META_GRAPH_URL ?? 'https://graph.facebook.com').replace(/\/+$/, ''),
      ga4CollectUrl: e.GA4_COLLECT_URL ?? 'https://www.google-analytics.com/mp/collect',
    },
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : null,
    vapidSubject: e.VAPID_SUBJECT ?? (appUrl.startsWith('https://') ? appUrl : 'mailto:lojista@balcao.invalid'),
    paymentApiKey: e.PAYMENT_API_KEY ?? sandboxApiKeys[0] ?? SANDBOX_DEFAULT_KEY,
    usingSandbox,
    sandboxEnabled,
    publicDemo,
    sandboxApiKeys,
    sandboxScenario: e.SANDBOX_SCENARIO,
    sandboxAllowHttpWebhooks: e.SANDBOX_ALLOW_HTTP_WEBHOOKS ?? !isProduction,
    webhookTargets: {
      allowedOrigins: e.WEBHOOK_ALLOWED_ORIGINS?.split(',').map((o) => new URL(o.trim()).origin) ?? [],
      allowLoopback: !isProduction,
    },
    authSecret: secret ?? DEV_AUTH_SECRET,
    authSecretIsDefault: !secret,
    cronSecret: e.CRON_SECRET,
    reconcileIntervalSeconds: e.RECONCILE_INTERVAL_SECONDS,
    seedOnEmpty: e.SEED_ON_EMPTY ?? usingSandbox,
    rateLimit: {
      checkoutPerMin: e.RATE_LIMIT_CHECKOUT_PER_MIN,
      loginPerMin: e.RATE_LIMIT_LOGIN_PER_MIN,
      webhookPerMin: e.RATE_LIMIT_WEBHOOK_PER_MIN,
      cepPerMin: e.RATE_LIMIT_CEP_PER_MIN,
      apiPerMin: e.RATE_LIMIT_API_PER_MIN,
    },
    // Anti-abuse caps kept in the database (checked inside the writing transaction): tests and
    // the e2e server raise them, one test proves each default.
    caps: {
      unpaidOrdersPerDocument: e.UNPAID_ORDERS_PER_DOCUMENT,
      emailsPerRecipientPerDay: e.EMAILS_PER_RECIPIENT_PER_DAY,
    },
    cepLookup: {
      enabled: !['off', 'false', '0'].includes(e.CEP_LOOKUP),
      urls: e.CEP_LOOKUP_URL ? [cepTemplate(e.CEP_LOOKUP_URL)] : DEFAULT_CEP_SERVICES,
    },
    logLevel: e.LOG_LEVEL,
    email: {
      mode: e.SMTP_URL ? 'smtp' : sandboxEnabled ? 'catcher' : 'off',
      smtpUrl: e.SMTP_URL,
      fromAddress: fromAddressOf(e.MAIL_FROM, appUrl),
    },
    trustedProxyHops: e.TRUSTED_PROXY_HOPS ?? (e.VERCEL === '1' ? 1 : 0),
    backgroundWorkers: e.BACKGROUND_WORKERS ? ['on', 'true', '1'].includes(e.BACKGROUND_WORKERS) : e.VERCEL !== '1',
  };
}

/** MAIL_FROM's address (the display name comes from the shop's settings); default no-reply@<APP_URL host>. */
function fromAddressOf(mailFrom: string | undefined, appUrl: string): string {
  if (mailFrom) return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `no-reply@${new URL(appUrl).hostname}`;
}

/** BrasilAPI first (it aggregates several sources), ViaCEP when BrasilAPI fails. */
const DEFAULT_CEP_SERVICES = ['https://brasilapi.com.br/api/cep/v1/{cep}', 'https://viacep.com.br/ws/{cep}/json/'];

function cepTemplate(url: string): string {
  return url.includes('{cep}') ? url : `${url.replace(/\/+$/, '')}/{cep}`;
}

/**
 * A public demo refuses to start with a key anyone can read in the docs: SANDBOX_API_KEYS must
 * name secret keys, and the app's own PAYMENT_API_KEY (when set) must be one of them.
 */
function checkPublicDemoKeys(keys: string[], appKey: string | undefined): void {
  const demo = 'a public demo (NODE_ENV=production with SANDBOX_ENABLED=true)';
  if (keys.length === 0) {
    throw new EnvError(`Invalid environment variable SANDBOX_API_KEYS: ${demo} needs secret sandbox keys, e.g. SANDBOX_API_KEYS=$(openssl rand -hex 24)`);
  }
  for (const key of keys) {
    if (WELL_KNOWN_SANDBOX_KEYS.includes(key)) {
      throw new EnvError(`Invalid environment variable SANDBOX_API_KEYS: ${demo} refuses the well-known key ${key}; use secret keys, e.g. $(openssl rand -hex 24)`);
    }
    if (key.length < PUBLIC_DEMO_MIN_KEY_LENGTH) {
      throw new EnvError(`Invalid environment variable SANDBOX_API_KEYS: ${demo} needs secret keys of at least ${PUBLIC_DEMO_MIN_KEY_LENGTH} characters`);
    }
  }
  if (appKey !== undefined && WELL_KNOWN_SANDBOX_KEYS.includes(appKey)) {
    throw new EnvError(`Invalid environment variable PAYMENT_API_KEY: ${demo} refuses the well-known key ${appKey}; unset it (the first SANDBOX_API_KEYS key is used) or name a secret one`);
  }
  if (appKey !== undefined && !keys.includes(appKey)) {
    throw new EnvError('Invalid environment variable PAYMENT_API_KEY: with the embedded sandbox it must be one of SANDBOX_API_KEYS (or unset: the first one is used)');
  }
}

/**
 * The validated configuration of this process, parsed from process.env on first use in the
 * process context (lib/process/context.ts): a new context reads the environment again.
 */
export const env = processSingleton<AppEnv>('config.env', () => parseEnv(process.env));
