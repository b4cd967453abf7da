/**
 * The WhatsApp Cloud API client (docs/whatsapp-contract.md): real HTTP with a short timeout,
 * the bearer token, tolerant reading of Meta's answers (unknown fields ignored, `error` read
 * whatever else it carries), and every failure classified as the contract says:
 * - `retry`: the network, a timeout, 5xx, 429 and the throughput codes (130429, 131048, 131056),
 *   Meta's transient ones (1, 2, 4, 131000, 133004);
 * - `unauthorized`: 401 / code 190 (the token), 10 and 200–299 (permissions) — the merchant must act;
 * - `permanent`: anything else Meta refuses (131026 undeliverable, 131047 outside the 24-hour
 *   window, 132000/132001/132015/132016 template problems, 100 a bad parameter …).
 * A send is never retried inside the client: Meta's messages endpoint takes no idempotency
 * key, so the outbox decides (with back-off) and a lost answer can at worst repeat one message.
 * Reads (the number, the templates) are retried once on a `retry` failure.
 */
import { z } from 'zod';

export const WHATSAPP_GRAPH_VERSION = 'v21.0';
export const WHATSAPP_TIMEOUT_MS = 8_000;

export type WhatsappErrorKind = 'retry' | 'unauthorized' | 'permanent';
export class WhatsappError extends Error {
  constructor(
    readonly kind: WhatsappErrorKind,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'WhatsappError';
  }
}

const RETRY_CODES = new Set([1, 2, 4, 130429, 131000, 131048, 131056, 133004]);

const errorSchema = z.object({
  error: z.object({ message: z.string().optional(), code: z.coerce.number().optional(), error_data: z.object({ details: z.string().optional() }).partial().optional() }).passthrough(),
});

/** The kind of a failed answer: by Meta's code first, then by the HTTP status. */
export function classify(status: number, code: number | null): WhatsappErrorKind {
  if (code !== null && RETRY_CODES.has(code)) return 'retry';
  if (code === 190 || code === 10 || (code !== null && code >= 200 && code <= 299) || status === 401) return 'unauthorized';
  if (status === 429 || status >= 500 || status === 408) return 'retry';
  return 'permanent';
}

/** What Meta's code means, in the shopkeeper's words (the timeline's "WhatsApp não entregue"). */
export function reasonInWords(code: number | null, fallback?: string): string {
  switch (code) {
    case 131026:
      return 'o número não recebe mensagens de WhatsApp';
    case 131047:
      return 'fora da janela de 24 horas da conversa';
    case 130429:
    case 131048:
    case 131056:
      return 'limite de envios do WhatsApp atingido';
    case 132000:
    case 132001:
      return 'modelo de mensagem inexistente ou não aprovado';
    case 132015:
    case 132016:
      return 'modelo de mensagem pausado ou desativado pela Meta';
    case 190:
      return 'token de acesso inválido ou expirado';
    case 131030:
      return 'número fora da lista de teste da conta';
    case 131051:
      return 'tipo de mensagem não suportado';
    default:
      return fallback ? fallback.slice(0, 160) : 'recusado pelo WhatsApp';
  }
}

export type TemplateComponent =
  | { type: 'body'; parameters: { type: 'text'; text: string }[] }
  | { type: 'button'; sub_type: 'url'; index: string; parameters: { type: 'text'; text: string }[] };
export type TemplateMessage = { name: string; language: string; components: TemplateComponent[] };
export type RemoteTemplate = { name: string; language: string; status: string; category: string };

export type CloudApi = {
  sendTemplate(to: string, t: TemplateMessage): Promise<{ wamid: string }>;
  sendText(to: string, text: string): Promise<{ wamid: string }>;
  phoneNumber(): Promise<{ displayNumber: string; verifiedName: string }>;
  templates(businessAccountId: string): Promise<RemoteTemplate[]>;
};

export function cloudApi(o: { baseUrl: string; token: string; phoneNumberId: string; timeoutMs?: number; fetch?: typeof fetch }): CloudApi {
  const doFetch = o.fetch ?? fetch;
  const base = `${o.baseUrl.replace(/\/+$/, '')}/${WHATSAPP_GRAPH_VERSION}`;
  const timeoutMs = o.timeoutMs ?? WHATSAPP_TIMEOUT_MS;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${o.token}`, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const name = (error as { name?: string })?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new WhatsappError('retry', null, `sem resposta do WhatsApp em ${Math.round(timeoutMs / 1000)} s`);
      throw new WhatsappError('retry', null, 'falha de conexão com o WhatsApp');
    }
    const text = await res.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (res.ok) return parsed;
    const err = errorSchema.safeParse(parsed);
    const code = err.success ? (err.data.error.code ?? null) : null;
    const message = err.success ? [err.data.error.message, err.data.error.error_data?.details].filter(Boolean).join(' — ') : `HTTP ${res.status}`;
    throw new WhatsappError(classify(res.status, code), code, message || `HTTP ${res.status}`);
  }

  async function read(path: string): Promise<unknown> {
    try {
      return await call('GET', path);
    } catch (e) {
      if (e instanceof WhatsappError && e.kind === 'retry') return call('GET', path);
      throw e;
    }
  }

  const sentSchema = z.object({ messages: z.array(z.object({ id: z.string().min(1) }).passthrough()).min(1) }).passthrough();
  async function send(body: Record<string, unknown>): Promise<{ wamid: string }> {
    const r = sentSchema.safeParse(await call('POST', `/${encodeURIComponent(o.phoneNumberId)}/messages`, { messaging_product: 'whatsapp', recipient_type: 'individual', ...body }));
    // Accepted without an id we can read: retrying could send it twice, so it is not retried.
    if (!r.success) throw new WhatsappError('permanent', null, 'o WhatsApp respondeu num formato inesperado');
    return { wamid: r.data.messages[0].id };
  }

  return {
    sendTemplate: (to, t) => send({ to: to.replace(/^\+/, ''), type: 'template', template: { name: t.name, language: { code: t.language }, components: t.components } }),
    sendText: (to, text) => send({ to: to.replace(/^\+/, ''), type: 'text', text: { preview_url: false, body: text } }),
    async phoneNumber() {
      const r = z.object({ display_phone_number: z.string().optional(), verified_name: z.string().optional() }).passthrough().safeParse(await read(`/${encodeURIComponent(o.phoneNumberId)}`));
      if (!r.success) throw new WhatsappError('permanent', null, 'o WhatsApp respondeu num formato inesperado');
      return { displayNumber: r.data.display_phone_number ?? '', verifiedName: r.data.verified_name ?? '' };
    },
    async templates(waba) {
      const body = await read(`/${encodeURIComponent(waba)}/message_templates?fields=name,language,status,category&limit=250`);
      const list = (body as { data?: unknown } | null)?.data;
      if (!Array.isArray(list)) throw new WhatsappError('permanent', null, 'o WhatsApp respondeu num formato inesperado');
      const entry = z.object({ name: z.string(), language: z.string(), status: z.string(), category: z.string().optional() });
      return list.flatMap((raw) => {
        const r = entry.safeParse(raw);
        return r.success ? [{ name: r.data.name, language: r.data.language, status: r.data.status.toUpperCase(), category: (r.data.category ?? '').toUpperCase() }] : [];
      });
    },
  };
}
