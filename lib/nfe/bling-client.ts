/**
 * Bling API v3's client (docs/bling-contract.md): the calls Balcão makes, answers read
 * tolerantly (zod, unknown fields kept out, numbers or strings where Bling has sent either), a
 * short timeout, at most 3 requests a second per process (Bling's limit), a 429 waited out
 * once, a 401 answered by one token refresh and one retry. Errors are typed (`BlingError.kind`)
 * and carry Bling's own words where it gave them. Knows nothing of the shop's database.
 */
import { z } from 'zod';

export const BLING_TIMEOUT_MS = 10_000;
export const BLING_MIN_SPACING_MS = 340;

export type BlingErrorKind = 'unauthorized' | 'rate_limited' | 'unavailable' | 'invalid' | 'not_found';
export class BlingError extends Error {
  constructor(
    readonly kind: BlingErrorKind,
    message: string,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'BlingError';
  }
  /** Whether asking again later may succeed (nothing was refused for good). */
  get retryable(): boolean {
    return this.kind === 'unavailable' || this.kind === 'rate_limited' || this.kind === 'unauthorized';
  }
}

const id = z.union([z.number(), z.string().regex(/^\d+$/)]).transform(String);
const num = z.union([z.number(), z.string()]).transform((v) => Number(v));
const text = z.string().nullish().transform((v) => v ?? null);

const errorBody = z.object({
  error: z
    .object({
      type: z.string().optional(),
      message: z.string().optional(),
      description: z.string().optional(),
      fields: z.array(z.object({ msg: z.string().optional(), element: z.string().optional() }).loose()).optional(),
    })
    .loose(),
});

export const tokenAnswer = z.object({ access_token: z.string().min(1), refresh_token: z.string().min(1), expires_in: num.optional() }).loose();
export type TokenAnswer = z.infer<typeof tokenAnswer>;

const created = z.object({ data: z.object({ id }).loose() });
const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(z.unknown()).transform((rows) => rows.flatMap((r) => { const p = item.safeParse(r); return p.success ? [p.data as z.infer<T>] : []; })) });

export const natureSchema = z.object({ id, descricao: z.string(), situacao: num.optional(), padrao: num.optional() }).loose();
export type Nature = z.infer<typeof natureSchema>;

export const noteSchema = z
  .object({
    id,
    situacao: num,
    numero: z.union([z.string(), z.number()]).nullish().transform((v) => (v == null ? null : String(v))),
    serie: z.union([z.string(), z.number()]).nullish().transform((v) => (v == null ? null : Number(v))),
    numeroPedidoLoja: text,
    chaveAcesso: text,
    linkDanfe: text,
    xml: text,
    motivoRejeicao: text.optional(),
  })
  .loose();
export type BlingNote = z.infer<typeof noteSchema>;

export type OrderItem = { codigo: string; descricao: string; unidade: string; quantidade: number; valor: number; tipo: 'P'; classificacaoFiscal: string; origem: number; gtin: string | null };
/** The sales order as created: the shop's reference as numeroLoja, money in reais. */
export type SalesOrderInput = {
  numeroLoja: string;
  data: string;
  contato: { id: string };
  naturezaOperacao: { id: string };
  itens: OrderItem[];
  transporte?: { frete: number };
  desconto?: { valor: number; unidade: 'REAL' };
};

const salesOrderRef = z.object({ id, numeroLoja: z.union([z.string(), z.number()]).nullish().transform((v) => (v == null ? null : String(v))) }).loose();
/** An order's note: Bling answers `notaFiscal.id` 0 (or nothing) while the order has none. */
const salesOrderSchema = z
  .object({ id, notaFiscal: z.object({ id: z.union([z.number(), z.string()]).nullish() }).loose().nullish() })
  .loose()
  .transform((o) => ({ id: o.id, noteId: o.notaFiscal?.id != null && Number(o.notaFiscal.id) > 0 ? String(o.notaFiscal.id) : null }));
/** gerar-nfe's answer: the note's id, as `id` or `idNotaFiscal`. */
const generated = z.object({ data: z.object({ id: id.optional(), idNotaFiscal: id.optional() }).loose() }).refine((r) => r.data.id ?? r.data.idNotaFiscal);

export type BlingClientOptions = {
  baseUrl: string;
  /** The access token to use now (refreshed ahead of its end by the caller). */
  token: () => Promise<string>;
  /** Called once when Bling answered 401: a fresh token, or null when there is none. */
  refresh: (stale: string) => Promise<string | null>;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  /** Shared by every client of the process: Bling counts per account, not per client object. */
  spacing?: { next: number };
};

export function errorMessageOf(body: unknown): string | null {
  const p = errorBody.safeParse(body);
  if (!p.success) return null;
  const field = p.data.error.fields?.map((f) => f.msg).filter(Boolean).join('; ');
  return field || p.data.error.description || p.data.error.message || null;
}

export function blingClient(o: BlingClientOptions) {
  const doFetch = o.fetch ?? fetch;
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const spacing = o.spacing ?? { next: 0 };

  /** Waits for this request's slot: one every BLING_MIN_SPACING_MS, in call order. */
  async function slot(): Promise<void> {
    const at = Math.max(now(), spacing.next);
    spacing.next = at + BLING_MIN_SPACING_MS;
    if (at > now()) await sleep(at - now());
  }

  async function once(method: string, path: string, token: string, body?: unknown): Promise<Response> {
    await slot();
    try {
      return await doFetch(`${o.baseUrl}/Api/v3/${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(o.timeoutMs ?? BLING_TIMEOUT_MS),
      });
    } catch {
      throw new BlingError('unavailable', 'O Bling não respondeu a tempo. Tentaremos de novo.');
    }
  }

  async function call<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    let token = await o.token();
    let res = await once(method, path, token, body);
    if (res.status === 401) {
      const fresh = await o.refresh(token);
      if (!fresh) throw new BlingError('unauthorized', 'A conexão com o Bling expirou. Conecte de novo em Configurações → Nota fiscal.', 401);
      token = fresh;
      res = await once(method, path, token, body);
    }
    if (res.status === 429) {
      const wait = Math.min(10_000, Math.max(1000, Number(res.headers.get('retry-after')) * 1000 || 1000));
      spacing.next = Math.max(spacing.next, now() + wait);
      res = await once(method, path, token, body);
    }
    const payload: unknown = await res.json().catch(() => null);
    if (res.ok) {
      const parsed = schema.safeParse(payload);
      if (!parsed.success) throw new BlingError('unavailable', 'O Bling respondeu num formato inesperado.', res.status);
      return parsed.data;
    }
    const message = errorMessageOf(payload) ?? `O Bling respondeu ${res.status}.`;
    if (res.status === 401) throw new BlingError('unauthorized', 'A conexão com o Bling expirou. Conecte de novo em Configurações → Nota fiscal.', 401);
    if (res.status === 429) throw new BlingError('rate_limited', 'Limite de requisições do Bling atingido. Tentaremos de novo.', 429);
    if (res.status === 404) throw new BlingError('not_found', message, 404);
    if (res.status >= 500) throw new BlingError('unavailable', message, res.status);
    throw new BlingError('invalid', message, res.status);
  }

  return {
    natures: () => call('GET', 'naturezas-operacoes?situacao=1', listOf(natureSchema)).then((r) => r.data),
    findContact: (document: string) => call('GET', `contatos?numeroDocumento=${encodeURIComponent(document)}`, listOf(z.object({ id }).loose())).then((r) => r.data[0]?.id ?? null),
    createContact: (c: { nome: string; numeroDocumento: string; email: string }) => call('POST', 'contatos', created, { ...c, tipo: c.numeroDocumento.length === 14 ? 'J' : 'F', situacao: 'A' }).then((r) => r.data.id),
    /** The sales orders made for one of the shop's references (the read-back before any create; Bling does not deduplicate numeroLoja). */
    salesOrdersFor: (reference: string) =>
      call('GET', `pedidos/vendas?numerosLojas[]=${encodeURIComponent(reference)}`, listOf(salesOrderRef)).then((r) => r.data.filter((o) => o.numeroLoja === reference).map((o) => o.id)),
    createSalesOrder: (o: SalesOrderInput) => call('POST', 'pedidos/vendas', created, o).then((r) => r.data.id),
    /** A sales order and its note's id (null while it has none: the read-back before gerar-nfe). */
    salesOrder: (orderId: string) => call('GET', `pedidos/vendas/${orderId}`, z.object({ data: salesOrderSchema })).then((r) => r.data),
    /** The order's NF-e, made from it by Bling (pending: sent next). */
    noteFromSalesOrder: (orderId: string) => call('POST', `pedidos/vendas/${orderId}/gerar-nfe`, generated).then((r) => (r.data.id ?? r.data.idNotaFiscal)!),
    sendNote: (noteId: string) => call('POST', `nfe/${noteId}/enviar`, z.unknown()),
    note: (noteId: string) => call('GET', `nfe/${noteId}`, z.object({ data: noteSchema })).then((r) => r.data),
    cancelNote: (noteId: string, justificativa: string) => call('POST', `nfe/${noteId}/cancelar`, z.unknown(), { justificativa }),
  };
}
export type BlingApi = ReturnType<typeof blingClient>;

/** The OAuth token call (authorization code or refresh), with the app's credentials as Basic. */
export async function blingTokenCall(
  o: { baseUrl: string; clientId: string; clientSecret: string; fetch?: typeof fetch; timeoutMs?: number },
  grant: { grant_type: 'authorization_code'; code: string } | { grant_type: 'refresh_token'; refresh_token: string },
): Promise<TokenAnswer> {
  let res: Response;
  try {
    res = await (o.fetch ?? fetch)(`${o.baseUrl}/Api/v3/oauth/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${o.clientId}:${o.clientSecret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: '1.0' },
      body: new URLSearchParams(grant).toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(o.timeoutMs ?? BLING_TIMEOUT_MS),
    });
  } catch {
    throw new BlingError('unavailable', 'O Bling não respondeu a tempo.');
  }
  const payload: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new BlingError(res.status >= 500 ? 'unavailable' : 'unauthorized', errorMessageOf(payload) ?? `O Bling respondeu ${res.status}.`, res.status);
  const parsed = tokenAnswer.safeParse(payload);
  if (!parsed.success) throw new BlingError('unavailable', 'O Bling respondeu num formato inesperado.', res.status);
  return parsed.data;
}
