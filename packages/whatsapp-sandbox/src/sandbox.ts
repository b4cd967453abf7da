/**
 * The WhatsApp Cloud API sandbox: the Graph API endpoints Balcão uses (docs/whatsapp-contract.md)
 * and a control API for the "WhatsApp do comprador" page and the tests.
 *
 * - `POST /v<NN>.0/<phone number id>/messages`: template messages (the template must exist in
 *   that language and be APPROVED; the parameters must match its variables and carry no line
 *   breaks) and free-form text (only inside the 24-hour window the buyer's last message opened).
 * - `GET /v<NN>.0/<phone number id>`: the number (what "Testar conexão" reads).
 * - `GET /v<NN>.0/<account id>/message_templates`: the templates and their approval state.
 * - Access tokens: the ones it is given (the payment sandbox's keys, secret in a public demo);
 *   any other is Meta's 401, code 190.
 * - Faults by the recipient's last four digits: 9999 → accepted, then a `failed` status with
 *   131026 (undeliverable); 9998 → 429 with 130429 (rate limited); 9997 → an answer slower than
 *   the app waits (slowMs).
 * - Delivery statuses on the clock it is given: sent at once, delivered 2 s later, read 8 s
 *   later, each posted to the app's webhook signed with the app secret (X-Hub-Signature-256),
 *   retried after 1, 2, 4 … 64 s (sandbox time), at most 8 attempts.
 */
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { hubSignature } from './signature';
import { openStore, type MessageRow, type WebhookRow } from './store';
import { fill, variableCount, type TemplateButton, type TemplateStatus } from './templates';

export type WhatsappSandboxOptions = {
  /** The SQLite file (or ':memory:'). */
  file: string;
  /** Sandbox time, ms. */
  now?: () => number;
  /** Access tokens accepted (Bearer). */
  tokens: readonly string[];
  /** The Meta app's secret: webhook deliveries are signed with it. */
  appSecret: string;
  /** Posts one webhook delivery; answers the HTTP status (a throw is a failed attempt). */
  deliver: (rawBody: string, signature: string) => Promise<number>;
  slowMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

export type WhatsappSandbox = {
  db: Database.Database;
  now: () => number;
  tokens: readonly string[];
  appSecret: string;
  deliver: WhatsappSandboxOptions['deliver'];
  slowMs: number;
  sleep: (ms: number) => Promise<void>;
  /** One tick at a time per instance. */
  ticking: Promise<void> | null;
};

export function createWhatsappSandbox(o: WhatsappSandboxOptions): WhatsappSandbox {
  return {
    db: openStore(o.file),
    now: o.now ?? Date.now,
    tokens: o.tokens,
    appSecret: o.appSecret,
    deliver: o.deliver,
    slowMs: o.slowMs ?? 15_000,
    sleep: o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
    ticking: null,
  };
}

export type WaRequest = { method: string; path: readonly string[]; authorization: string | null; body: unknown };
export type WaReply = { status: number; json: unknown };

const DELIVERED_AFTER_MS = 2_000;
const READ_AFTER_MS = 8_000;
const FAILED_AFTER_MS = 1_000;
const WINDOW_MS = 24 * 3600 * 1000;
const MAX_WEBHOOK_ATTEMPTS = 8;
export const SANDBOX_WABA_ID = '100000000000002';
export const SANDBOX_DISPLAY_NUMBER = '+55 11 4000-0000';

/** Meta's error shape (Graph API). */
function graphError(status: number, code: number, message: string, type = 'OAuthException', details?: string): WaReply {
  return { status, json: { error: { message, type, code, ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}), fbtrace_id: randomBytes(8).toString('base64url') } } };
}

const wamidOf = () => `wamid.${randomBytes(24).toString('base64url')}`;
const digitsOf = (to: unknown) => (typeof to === 'string' ? to.replace(/^\+/, '') : '');

function authorized(sb: WhatsappSandbox, header: string | null): boolean {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  return !!token && sb.tokens.includes(token);
}

export async function handleWhatsappCall(sb: WhatsappSandbox, req: WaRequest): Promise<WaReply> {
  const [version, id, edge, ...rest] = req.path;
  if (version === 'sim') return control(sb, req);
  if (!version || !/^v\d{1,2}\.0$/.test(version) || !id || rest.length > 0) return graphError(400, 100, 'Unsupported request: unknown path.', 'GraphMethodException');
  if (!authorized(sb, req.authorization)) return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
  if (req.method === 'GET' && !edge) {
    if (!/^\d+$/.test(id)) return graphError(400, 100, 'Unsupported get request.', 'GraphMethodException');
    return { status: 200, json: { id, display_phone_number: SANDBOX_DISPLAY_NUMBER, verified_name: 'Balcão (sandbox)', quality_rating: 'GREEN', code_verification_status: 'VERIFIED' } };
  }
  if (req.method === 'GET' && edge === 'message_templates') {
    const rows = sb.db.prepare('select * from templates order by name').all() as { name: string; language: string; category: string; status: string; body: string; buttons: string }[];
    const data = rows.map((t) => ({ id: String(Math.abs(hash(t.name + t.language))), name: t.name, language: t.language, status: t.status, category: t.category, components: [{ type: 'BODY', text: t.body }, ...(JSON.parse(t.buttons).length ? [{ type: 'BUTTONS', buttons: JSON.parse(t.buttons) }] : [])] }));
    return { status: 200, json: { data, paging: { cursors: { before: 'MAZDZD', after: 'MAZDZD' } } } };
  }
  if (req.method === 'POST' && edge === 'messages') return sendMessage(sb, id, req.body);
  return graphError(400, 100, 'Unsupported request.', 'GraphMethodException');
}

function hash(s: string): number {
  let h = 7;
  for (const c of s) h = (h * 31 + c.charCodeAt(0)) | 0;
  return h;
}

async function sendMessage(sb: WhatsappSandbox, phoneNumberId: string, raw: unknown): Promise<WaReply> {
  const body = (raw ?? {}) as Record<string, unknown>;
  if (body.messaging_product !== 'whatsapp') return graphError(400, 100, '(#100) The parameter messaging_product is required.');
  const to = digitsOf(body.to);
  if (!/^\d{8,15}$/.test(to)) return graphError(400, 100, '(#100) Invalid parameter', 'OAuthException', 'to: not a phone number in international format');
  if (to.endsWith('9998')) return graphError(429, 130429, '(#130429) Rate limit hit', 'OAuthException', 'Cloud API message throughput has been reached.');
  if (to.endsWith('9997')) await sb.sleep(sb.slowMs);
  let text: string;
  let template: string | null = null;
  let buttons: { text: string; url?: string }[] = [];
  if (body.type === 'template') {
    const t = (body.template ?? {}) as { name?: unknown; language?: { code?: unknown }; components?: unknown };
    const row = sb.db.prepare('select * from templates where name = ? and language = ?').get(String(t.name ?? ''), String(t.language?.code ?? '')) as
      | { name: string; status: TemplateStatus; body: string; buttons: string }
      | undefined;
    if (!row || row.status !== 'APPROVED') return graphError(404, 132001, '(#132001) Template name does not exist in the translation', 'OAuthException', `template name (${String(t.name)}) does not exist in ${String(t.language?.code)} or is not approved`);
    const components = Array.isArray(t.components) ? (t.components as Record<string, unknown>[]) : [];
    const paramsOf = (c: Record<string, unknown> | undefined) => (Array.isArray(c?.parameters) ? (c!.parameters as Record<string, unknown>[]) : []);
    const bodyParams = paramsOf(components.find((c) => c.type === 'body'));
    if (bodyParams.length !== variableCount(row.body)) return graphError(400, 132000, '(#132000) Number of parameters does not match the expected number of params');
    const values: string[] = [];
    for (const p of bodyParams) {
      if (p.type !== 'text' || typeof p.text !== 'string' || p.text.length === 0) return graphError(400, 131008, '(#131008) Required parameter is missing');
      if (/[\n\t]| {5,}/.test(p.text)) return graphError(400, 100, '(#100) Invalid parameter', 'OAuthException', 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces');
      values.push(p.text);
    }
    const declared = JSON.parse(row.buttons) as TemplateButton[];
    buttons = declared.map((b, index) => {
      if (b.type !== 'URL') return { text: b.text };
      const param = paramsOf(components.find((c) => c.type === 'button' && String(c.index) === String(index)))[0];
      return { text: b.text, url: fill(b.url, [typeof param?.text === 'string' ? param.text : '']) };
    });
    text = fill(row.body, values);
    template = row.name;
  } else if (body.type === 'text') {
    const t = (body.text ?? {}) as { body?: unknown };
    if (typeof t.body !== 'string' || !t.body) return graphError(400, 131008, '(#131008) Required parameter is missing');
    const last = sb.db.prepare("select max(created_at) as at from messages where peer = ? and direction = 'in'").get(to) as { at: number | null };
    if (last.at === null || sb.now() - last.at > WINDOW_MS) return graphError(400, 131047, '(#131047) Re-engagement message', 'OAuthException', 'More than 24 hours have passed since the recipient last replied to the sender number.');
    text = t.body;
  } else {
    return graphError(400, 100, '(#100) Invalid parameter', 'OAuthException', 'type: only template and text are emulated');
  }
  const wamid = wamidOf();
  const now = sb.now();
  sb.db
    .prepare("insert into messages (wamid, phone_number_id, peer, direction, template, text, buttons, status, created_at) values (?, ?, ?, 'out', ?, ?, ?, 'sent', ?)")
    .run(wamid, phoneNumberId, to, template, text, JSON.stringify(buttons), now);
  queueStatus(sb, { wamid, phone_number_id: phoneNumberId, peer: to } as MessageRow, 'sent', now);
  return { status: 200, json: { messaging_product: 'whatsapp', contacts: [{ input: String(body.to), wa_id: to }], messages: [{ id: wamid, message_status: 'accepted' }] } };
}

function envelope(phoneNumberId: string, value: Record<string, unknown>): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: SANDBOX_WABA_ID, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: SANDBOX_DISPLAY_NUMBER.replace(/\D/g, ''), phone_number_id: phoneNumberId }, ...value } }] }],
  });
}

function queueStatus(sb: WhatsappSandbox, m: Pick<MessageRow, 'wamid' | 'phone_number_id' | 'peer'>, status: 'sent' | 'delivered' | 'read' | 'failed', at: number, error?: { code: number; title: string }): void {
  const entry: Record<string, unknown> = { id: m.wamid, status, timestamp: String(Math.floor(at / 1000)), recipient_id: m.peer };
  if (error) entry.errors = [{ code: error.code, title: error.title, message: error.title, error_data: { details: 'The recipient cannot receive this message.' } }];
  sb.db.prepare('insert into webhooks (body, due_at) values (?, ?)').run(envelope(m.phone_number_id, { statuses: [entry] }), at);
}

/**
 * Moves the clock's consequences forward: statuses that fell due, then one attempt of each
 * webhook delivery due. Runs on every control call, from the app's loop and from the page.
 */
export async function tick(sb: WhatsappSandbox): Promise<void> {
  if (sb.ticking) return sb.ticking;
  sb.ticking = (async () => {
    try {
      advanceStatuses(sb);
      await deliverDue(sb);
    } finally {
      sb.ticking = null;
    }
  })();
  return sb.ticking;
}

function advanceStatuses(sb: WhatsappSandbox): void {
  const now = sb.now();
  const open = sb.db.prepare("select * from messages where direction = 'out' and status in ('sent', 'delivered')").all() as MessageRow[];
  for (const m of open) {
    if (m.status === 'sent' && m.peer.endsWith('9999')) {
      if (now < m.created_at + FAILED_AFTER_MS) continue;
      sb.db.prepare("update messages set status = 'failed', error_code = 131026, error_title = 'Message undeliverable' where wamid = ?").run(m.wamid);
      queueStatus(sb, m, 'failed', now, { code: 131026, title: 'Message undeliverable' });
      continue;
    }
    if (m.status === 'sent' && now >= m.created_at + DELIVERED_AFTER_MS) {
      sb.db.prepare("update messages set status = 'delivered', delivered_at = ? where wamid = ?").run(now, m.wamid);
      queueStatus(sb, m, 'delivered', now);
      m.status = 'delivered';
    }
    if (m.status === 'delivered' && now >= m.created_at + READ_AFTER_MS) {
      sb.db.prepare("update messages set status = 'read', read_at = ? where wamid = ?").run(now, m.wamid);
      queueStatus(sb, m, 'read', now);
    }
  }
}

async function deliverDue(sb: WhatsappSandbox): Promise<void> {
  const due = sb.db.prepare("select * from webhooks where status = 'pending' and due_at <= ? order by id limit 50").all(sb.now()) as WebhookRow[];
  for (const w of due) {
    let error: string | null = null;
    try {
      const status = await sb.deliver(w.body, hubSignature(w.body, sb.appSecret));
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (e) {
      error = (e as Error).message.slice(0, 200);
    }
    const attempts = w.attempts + 1;
    if (!error) sb.db.prepare("update webhooks set status = 'delivered', attempts = ? where id = ?").run(attempts, w.id);
    else
      sb.db
        .prepare('update webhooks set status = ?, attempts = ?, last_error = ?, due_at = ? where id = ?')
        .run(attempts >= MAX_WEBHOOK_ATTEMPTS ? 'failed' : 'pending', attempts, error, sb.now() + 1000 * 2 ** Math.min(6, attempts - 1), w.id);
  }
}

/** The buyer answers from their phone: an inbound message, posted to the app's webhook. */
export function receiveReply(sb: WhatsappSandbox, o: { from: string; text: string; phoneNumberId: string; name?: string }): string {
  const from = digitsOf(o.from);
  const wamid = wamidOf();
  const now = sb.now();
  sb.db
    .prepare("insert into messages (wamid, phone_number_id, peer, direction, template, text, status, created_at) values (?, ?, ?, 'in', null, ?, 'received', ?)")
    .run(wamid, o.phoneNumberId, from, o.text, now);
  const value = {
    contacts: [{ profile: { name: o.name ?? 'Comprador' }, wa_id: from }],
    messages: [{ from, id: wamid, timestamp: String(Math.floor(now / 1000)), type: 'text', text: { body: o.text } }],
  };
  sb.db.prepare('insert into webhooks (body, due_at) values (?, ?)').run(envelope(o.phoneNumberId, value), now);
  return wamid;
}

export type Conversation = { peer: string; messages: { wamid: string; direction: 'out' | 'in'; template: string | null; text: string; buttons: { text: string; url?: string }[]; status: MessageRow['status']; error: string | null; at: number }[] };

/** Every buyer's conversation, most recent first (the page's view). */
export function conversations(sb: WhatsappSandbox, limit = 50): Conversation[] {
  const peers = sb.db.prepare('select peer, max(created_at) as last from messages group by peer order by last desc limit ?').all(limit) as { peer: string }[];
  const read = sb.db.prepare('select * from messages where peer = ? order by created_at, rowid');
  return peers.map(({ peer }) => ({
    peer,
    messages: (read.all(peer) as MessageRow[]).map((m) => ({
      wamid: m.wamid,
      direction: m.direction,
      template: m.template,
      text: m.text,
      buttons: JSON.parse(m.buttons) as { text: string; url?: string }[],
      status: m.status,
      error: m.error_code ? `${m.error_code} ${m.error_title ?? ''}`.trim() : null,
      at: m.created_at,
    })),
  }));
}

export function setTemplateStatus(sb: WhatsappSandbox, name: string, status: TemplateStatus, language = 'pt_BR'): boolean {
  return sb.db.prepare('update templates set status = ? where name = ? and language = ?').run(status, name, language).changes === 1;
}

const STATUSES: readonly TemplateStatus[] = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED'];

/** The control API: `GET sim/conversations`, `POST sim/reply`, `PUT sim/templates`, `POST sim/tick`. */
async function control(sb: WhatsappSandbox, req: WaRequest): Promise<WaReply> {
  const what = req.path.slice(1).join('/');
  const body = (req.body ?? {}) as Record<string, unknown>;
  await tick(sb);
  if (req.method === 'GET' && what === 'conversations') return { status: 200, json: { data: conversations(sb) } };
  if (req.method === 'POST' && what === 'tick') return { status: 200, json: { now: new Date(sb.now()).toISOString() } };
  if (req.method === 'POST' && what === 'reply') {
    if (typeof body.from !== 'string' || !/^\+?\d{8,15}$/.test(body.from) || typeof body.text !== 'string' || !body.text.trim()) return { status: 400, json: { message: 'from e text são obrigatórios.' } };
    const wamid = receiveReply(sb, { from: body.from, text: body.text.slice(0, 4096), phoneNumberId: typeof body.phone_number_id === 'string' ? body.phone_number_id : '100000000000001' });
    await tick(sb);
    return { status: 200, json: { id: wamid } };
  }
  if (req.method === 'PUT' && what === 'templates') {
    const status = String(body.status ?? '') as TemplateStatus;
    if (!STATUSES.includes(status) || typeof body.name !== 'string') return { status: 400, json: { message: 'name e status são obrigatórios.' } };
    return setTemplateStatus(sb, body.name, status) ? { status: 200, json: { name: body.name, status } } : { status: 404, json: { message: 'Modelo não encontrado.' } };
  }
  return { status: 404, json: { message: 'Not found.' } };
}

export function closeWhatsappSandbox(sb: WhatsappSandbox): void {
  if (sb.db.open) sb.db.close();
}
