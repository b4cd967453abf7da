/**
 * CEP → address, for the checkout's autofill. Asks the configured services in order (BrasilAPI,
 * then ViaCEP; CEP_LOOKUP_URL replaces both, e.g. a local stub in tests), each with a short
 * timeout, and keeps answers in a bounded in-memory cache. Concurrent lookups of one CEP share
 * one request. Never throws: a slow, offline or confused service is "unavailable", and the
 * shopper types the address (the checkout never waits on this).
 *
 * @brazilian-utils has getAddressInfoByCep, but its service URLs are fixed (no stub in tests)
 * and it takes no timeout or abort signal, so the two requests are made here.
 */
import { isUF, type UF } from '@balcao/br/uf';

export type CepAddress = { zip: string; street: string; neighborhood: string; city: string; state: UF };
export type CepLookup = { status: 'found'; address: CepAddress } | { status: 'not_found' } | { status: 'unavailable' } | { status: 'off' };

export type CepLookupOptions = {
  enabled: boolean;
  /** URL templates with {cep}, asked in order until one answers. */
  urls: readonly string[];
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
};

const FOUND_TTL_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND_TTL_MS = 60 * 60 * 1000;
const MAX_ENTRIES = 5_000;
export const CEP_TIMEOUT_MS = 2_500;

type Entry = { result: CepLookup; expires: number };

/** One cache per process, least recently used evicted first (a Map keeps insertion order). */
export class CepCache {
  private entries = new Map<string, Entry>();
  constructor(private readonly max = MAX_ENTRIES) {}

  get(cep: string, now: number): CepLookup | undefined {
    const e = this.entries.get(cep);
    if (!e) return undefined;
    this.entries.delete(cep);
    if (e.expires <= now) return undefined;
    this.entries.set(cep, e);
    return e.result;
  }

  set(cep: string, result: CepLookup, now: number): void {
    if (result.status !== 'found' && result.status !== 'not_found') return; // failures are asked again next time
    this.entries.delete(cep);
    this.entries.set(cep, { result, expires: now + (result.status === 'found' ? FOUND_TTL_MS : NOT_FOUND_TTL_MS) });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}

const str = (v: unknown, max: number) => (typeof v === 'string' ? v.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max) : '');

/**
 * A service's JSON → our address: BrasilAPI's {cep, state, city, neighborhood, street} or
 * ViaCEP's {cep, uf, localidade, bairro, logradouro} (ViaCEP says {erro: true} for an unknown
 * CEP). Lengths are capped at the payment API's limits.
 */
export function parseCepAnswer(body: unknown, cep: string): CepLookup {
  if (!body || typeof body !== 'object') return { status: 'unavailable' };
  const b = body as Record<string, unknown>;
  if (b.erro === true || b.erro === 'true') return { status: 'not_found' };
  const state = str(b.state ?? b.uf, 2).toUpperCase();
  const city = str(b.city ?? b.localidade, 100);
  if (!isUF(state) || !city) return { status: 'unavailable' };
  const answeredCep = str(b.cep, 9).replace(/\D/g, '');
  if (answeredCep && answeredCep !== cep) return { status: 'unavailable' };
  return {
    status: 'found',
    address: { zip: cep, state, city, neighborhood: str(b.neighborhood ?? b.bairro, 100), street: str(b.street ?? b.logradouro, 200) },
  };
}

async function ask(url: string, cep: string, timeoutMs: number, fetchImpl: typeof fetch): Promise<CepLookup> {
  try {
    const res = await fetchImpl(url.replace('{cep}', cep), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
      cache: 'no-store',
    });
    if (res.status === 404) return { status: 'not_found' };
    if (!res.ok) return { status: 'unavailable' };
    const text = await res.text();
    if (text.length > 16_384) return { status: 'unavailable' };
    return parseCepAnswer(JSON.parse(text), cep);
  } catch {
    return { status: 'unavailable' };
  }
}

export class CepLookupService {
  private readonly cache = new CepCache();
  private readonly inFlight = new Map<string, Promise<CepLookup>>();

  constructor(private readonly options: CepLookupOptions) {}

  /** `cep`: 8 digits (the route checks it). */
  async lookup(cep: string): Promise<CepLookup> {
    const { enabled, urls, timeoutMs = CEP_TIMEOUT_MS, fetchImpl = fetch, now = Date.now } = this.options;
    if (!enabled || urls.length === 0) return { status: 'off' };
    if (!/^\d{8}$/.test(cep)) return { status: 'not_found' };
    const cached = this.cache.get(cep, now());
    if (cached) return cached;
    const running = this.inFlight.get(cep);
    if (running) return running;
    const asking = (async () => {
      let result: CepLookup = { status: 'unavailable' };
      for (const url of urls) {
        result = await ask(url, cep, timeoutMs, fetchImpl);
        if (result.status !== 'unavailable') break; // found, or a service that knows it does not exist
      }
      this.cache.set(cep, result, now());
      return result;
    })().finally(() => this.inFlight.delete(cep));
    this.inFlight.set(cep, asking);
    return asking;
  }

  get cacheSize(): number {
    return this.cache.size;
  }
}
