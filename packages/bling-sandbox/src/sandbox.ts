/**
 * The Bling API v3 sandbox: the endpoints Balcão uses (docs/bling-contract.md) and a control
 * API for demos and tests. One instance per process (the app keeps it), its state in its own
 * SQLite database. Time is the `now` the host gives it (the shop's sandbox clock), so a note
 * sent to "SEFAZ" is authorised when the clock has moved AUTHORIZE_AFTER_MS. A sale is a sales
 * order (`/pedidos/vendas`, numeroLoja not deduplicated, as Bling does not) whose NF-e is made
 * from it (`/pedidos/vendas/{id}/gerar-nfe`, one per order); notes may also be created directly.
 *
 * Faults: an item without a valid NCM is refused on sending (SEFAZ's 778); `sim/faults`
 * `{"sefaz": "down"}` answers sending with 503 until `"up"`; `{"slow": true}` delays every API
 * answer by `slowMs`; `sim/expire-tokens` expires every access token now (the next call is 401).
 * OAuth clients are given by the host: in a public demo only secret ones.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { makeAccessKey } from './access-key';
import { danfePdf, nfeXml, type NoteDocument } from './documents';
import { consentPage } from './consent-page';
import { nextValue, openStore, type Db } from './store';

export const ACCESS_TTL_S = 6 * 3600;
export const REFRESH_TTL_S = 30 * 86400;
export const CODE_TTL_MS = 60_000;
export const AUTHORIZE_AFTER_MS = 20_000;
export const CANCEL_WINDOW_MS = 24 * 3600_000;
export const RATE_PER_SECOND = 3;

export const SITUATION = { pending: 1, canceled: 3, sent: 4, rejected: 5, authorized: 6, denied: 10 } as const;

export type BlingClient = { id: string; secret: string; redirectUri: string };
export type BlingSandbox = {
  db: Db;
  now: () => number;
  clients: BlingClient[];
  issuer: { name: string; cnpj: string; uf: string; cUF: number };
  slowMs: number;
  sleep: (ms: number) => Promise<void>;
  faults: { sefazDown: boolean; slow: boolean };
  /** Request instants per access token, for the 3-per-second limit. */
  recent: Map<string, number[]>;
  /** Calls answered (tests read it). */
  calls: { path: string; status: number }[];
};

export function createBlingSandbox(o: { file?: string; now?: () => number; clients: BlingClient[]; slowMs?: number; sleep?: (ms: number) => Promise<void> }): BlingSandbox {
  return {
    db: openStore(o.file ?? ':memory:'),
    now: o.now ?? Date.now,
    clients: o.clients,
    issuer: { name: 'Loja Sandbox Ltda', cnpj: '11222333000181', uf: 'SP', cUF: 35 },
    slowMs: o.slowMs ?? 15_000,
    sleep: o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
    faults: { sefazDown: false, slow: false },
    recent: new Map(),
    calls: [],
  };
}

export type BlingRequest = {
  method: string;
  path: readonly string[];
  query: URLSearchParams;
  authorization: string | null;
  contentType: string | null;
  /** The raw body (JSON or form-urlencoded). */
  body: string;
  /** Where the sandbox is served (links it answers start here). */
  baseUrl: string;
};
export type BlingReply = { status: number; json?: unknown; bytes?: Uint8Array; html?: string; contentType?: string; location?: string };

const json = (status: number, body: unknown): BlingReply => ({ status, json: body });
const error = (status: number, type: string, message: string, description: string, fields?: unknown[]) => json(status, { error: { type, message, description, ...(fields ? { fields } : {}) } });
const token = () => randomBytes(20).toString('hex');

const NATURES = [
  { id: 1001, situacao: 1, padrao: 1, descricao: 'Venda de mercadoria' },
  { id: 1002, situacao: 1, padrao: 0, descricao: 'Venda de mercadoria para consumidor final (fora do estado)' },
  { id: 1003, situacao: 1, padrao: 0, descricao: 'Remessa em bonificação' },
];

/** A valid NCM for the sandbox: 8 digits in chapters 01–97 and not a placeholder. */
export function ncmAccepted(ncm: unknown): boolean {
  const s = String(ncm ?? '').replace(/\D/g, '');
  if (!/^\d{8}$/.test(s)) return false;
  const chapter = Number(s.slice(0, 2));
  return chapter >= 1 && chapter <= 97 && !/^(\d)\1{7}$/.test(s);
}

function parseBody(req: BlingRequest): Record<string, unknown> {
  if (!req.body) return {};
  if ((req.contentType ?? '').includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(req.body));
  try {
    const v = JSON.parse(req.body);
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

export async function handleBlingCall(sb: BlingSandbox, req: BlingRequest): Promise<BlingReply> {
  const path = req.path.join('/');
  const body = parseBody(req);
  if (path.startsWith('sim/')) return control(sb, path, body);
  if (path === 'Api/v3/oauth/authorize') return authorize(sb, req, body);
  if (path === 'Api/v3/oauth/token' && req.method === 'POST') return tokenCall(sb, req, body);
  const doc = /^documentos\/([a-f0-9]{40})\/(danfe\.pdf|nfe\.xml)$/.exec(path);
  if (doc) return documentOf(sb, doc[1], doc[2]);
  if (!path.startsWith('Api/v3/')) return error(404, 'RESOURCE_NOT_FOUND', 'Recurso não encontrado.', path);

  const bearer = /^Bearer\s+(\S+)$/i.exec(req.authorization ?? '')?.[1];
  const row = bearer ? (sb.db.prepare('SELECT access_expires_at FROM tokens WHERE access = ?').get(bearer) as { access_expires_at: number } | undefined) : undefined;
  if (!bearer || !row || row.access_expires_at <= sb.now()) return error(401, 'UNAUTHORIZED', 'Não autorizado.', 'invalid_token');
  const now = sb.now();
  const recent = (sb.recent.get(bearer) ?? []).filter((t) => t > now - 1000);
  if (recent.length >= RATE_PER_SECOND) {
    sb.calls.push({ path: `${req.method} ${path}`, status: 429 });
    return error(429, 'TOO_MANY_REQUESTS', 'Limite de requisições atingido.', 'Aguarde para fazer novas requisições.');
  }
  recent.push(now);
  sb.recent.set(bearer, recent);
  if (sb.faults.slow) await sb.sleep(sb.slowMs);
  const reply = api(sb, req.method, path.slice('Api/v3/'.length), req.query, body, req.baseUrl);
  sb.calls.push({ path: `${req.method} ${path}`, status: reply.status });
  return reply;
}

function clientOf(sb: BlingSandbox, req: BlingRequest, body: Record<string, unknown>): BlingClient | null {
  const basic = /^Basic\s+(\S+)$/i.exec(req.authorization ?? '')?.[1];
  const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [String(body.client_id ?? ''), String(body.client_secret ?? '')];
  return sb.clients.find((c) => c.id === id && c.secret === secret) ?? null;
}

function authorize(sb: BlingSandbox, req: BlingRequest, body: Record<string, unknown>): BlingReply {
  const q = req.method === 'POST' ? new URLSearchParams(body as Record<string, string>) : req.query;
  const client = sb.clients.find((c) => c.id === q.get('client_id'));
  if (q.get('response_type') !== 'code' || !client) return { status: 400, html: consentPage({ error: 'Aplicativo não encontrado ou parâmetros inválidos.' }) };
  const state = q.get('state') ?? '';
  if (req.method === 'GET') return { status: 200, html: consentPage({ clientId: client.id, state, action: `${req.baseUrl}/Api/v3/oauth/authorize` }) };
  const target = new URL(client.redirectUri);
  if (q.get('decision') !== 'allow') {
    target.searchParams.set('error', 'access_denied');
  } else {
    const code = token();
    sb.db.prepare('INSERT INTO codes (code, client_id, expires_at) VALUES (?, ?, ?)').run(code, client.id, sb.now() + CODE_TTL_MS);
    target.searchParams.set('code', code);
  }
  target.searchParams.set('state', state);
  return { status: 302, location: target.toString() };
}

function issueTokens(sb: BlingSandbox, clientId: string): BlingReply {
  const access = token();
  const refresh = token();
  const now = sb.now();
  sb.db.prepare('INSERT INTO tokens (access, refresh, client_id, access_expires_at, refresh_expires_at) VALUES (?, ?, ?, ?, ?)').run(access, refresh, clientId, now + ACCESS_TTL_S * 1000, now + REFRESH_TTL_S * 1000);
  return json(200, { access_token: access, expires_in: ACCESS_TTL_S, token_type: 'Bearer', scope: '98308 318257568 5990556', refresh_token: refresh });
}

function tokenCall(sb: BlingSandbox, req: BlingRequest, body: Record<string, unknown>): BlingReply {
  const client = clientOf(sb, req, body);
  if (!client) return json(401, { error: { type: 'invalid_client', message: 'invalid_client', description: 'Credenciais do aplicativo inválidas.' } });
  const grant = String(body.grant_type ?? '');
  if (grant === 'authorization_code') {
    const code = sb.db.prepare('SELECT * FROM codes WHERE code = ?').get(String(body.code ?? '')) as { client_id: string; expires_at: number; used: number } | undefined;
    if (!code || code.used || code.client_id !== client.id || code.expires_at <= sb.now()) return json(400, { error: { type: 'invalid_grant', message: 'invalid_grant', description: 'Código de autorização inválido ou expirado.' } });
    sb.db.prepare('UPDATE codes SET used = 1 WHERE code = ?').run(String(body.code));
    return issueTokens(sb, client.id);
  }
  if (grant === 'refresh_token') {
    // Refresh tokens rotate: a used one is spent (a second refresh with it is invalid_grant).
    const spent = sb.db.prepare('UPDATE tokens SET refreshed = 1, access_expires_at = MIN(access_expires_at, ?) WHERE refresh = ? AND client_id = ? AND refreshed = 0 AND refresh_expires_at > ?').run(sb.now(), String(body.refresh_token ?? ''), client.id, sb.now());
    if (spent.changes !== 1) return json(400, { error: { type: 'invalid_grant', message: 'invalid_grant', description: 'Refresh token inválido.' } });
    return issueTokens(sb, client.id);
  }
  return json(400, { error: { type: 'unsupported_grant_type', message: 'unsupported_grant_type', description: grant } });
}

type NoteRow = { id: number; number: number; series: number; store_ref: string | null; situation: number; access_key: string | null; protocol: string | null; json: string; sent_at: number | null; authorize_at: number | null; authorized_at: number | null; canceled_at: number | null; reason: string | null; doc_token: string };

/** The note now: one sent and due is authorised as the clock passes its moment. */
function advance(sb: BlingSandbox, n: NoteRow): NoteRow {
  if (n.situation === SITUATION.sent && n.authorize_at !== null && n.authorize_at <= sb.now()) {
    sb.db.prepare('UPDATE notes SET situation = ?, authorized_at = ? WHERE id = ? AND situation = ?').run(SITUATION.authorized, n.authorize_at, n.id, SITUATION.sent);
    return { ...n, situation: SITUATION.authorized, authorized_at: n.authorize_at };
  }
  return n;
}

function noteJson(sb: BlingSandbox, n: NoteRow, baseUrl: string) {
  const stored = JSON.parse(n.json) as Record<string, unknown>;
  const authorized = n.situation === SITUATION.authorized || (n.situation === SITUATION.canceled && n.access_key);
  return {
    id: n.id,
    tipo: 1,
    situacao: n.situation,
    numero: String(n.number).padStart(6, '0'),
    serie: n.series,
    numeroPedidoLoja: n.store_ref,
    dataEmissao: stored.dataOperacao ?? null,
    chaveAcesso: n.access_key,
    contato: stored.contato,
    naturezaOperacao: stored.naturezaOperacao,
    itens: stored.itens,
    linkDanfe: authorized ? `${baseUrl}/documentos/${n.doc_token}/danfe.pdf` : null,
    xml: authorized ? `${baseUrl}/documentos/${n.doc_token}/nfe.xml` : null,
    ...(n.reason ? { motivoRejeicao: n.reason } : {}),
  };
}

function getNote(sb: BlingSandbox, id: number): NoteRow | null {
  const n = sb.db.prepare('SELECT * FROM notes WHERE id = ?').get(id) as NoteRow | undefined;
  return n ? advance(sb, n) : null;
}

type Item = { codigo?: unknown; descricao?: unknown; quantidade?: unknown; valor?: unknown; classificacaoFiscal?: unknown };

type SalesOrderRow = { id: number; store_number: string; json: string; note_id: number | null };

function salesOrderJson(o: SalesOrderRow) {
  const stored = JSON.parse(o.json) as Record<string, unknown>;
  // Bling answers an order without a note with notaFiscal.id 0.
  return { id: o.id, ...stored, situacao: { id: 6, valor: 0 }, notaFiscal: { id: o.note_id ?? 0 } };
}

/**
 * `POST /pedidos/vendas/{id}/gerar-nfe`: the order's NF-e, pending (situação 1), its contact,
 * items, freight, discount and nature of operation the order's, its numeroPedidoLoja the order's
 * numeroLoja, in the account's NF-e series (1). An order has one note: asked again, it is refused.
 */
function noteFromSalesOrder(sb: BlingSandbox, order: SalesOrderRow): BlingReply {
  if (order.note_id) return error(400, 'VALIDATION_ERROR', 'Não foi possível gerar a nota fiscal', 'Já existe uma nota fiscal para este pedido de venda.', [{ code: 40, msg: `O pedido já possui a nota fiscal ${order.note_id}`, element: 'notaFiscal' }]);
  const stored = JSON.parse(order.json) as { numeroLoja: string; data: unknown; contato: { id: number }; itens: Item[]; transporte: unknown; desconto: unknown; naturezaOperacao: unknown };
  const contact = sb.db.prepare('SELECT json FROM contacts WHERE id = ?').get(stored.contato.id) as { json: string } | undefined;
  const who = contact ? (JSON.parse(contact.json) as { nome?: string; numeroDocumento?: string }) : {};
  const series = 1;
  const id = nextValue(sb.db, 'id', 16_000_000_000);
  const number = nextValue(sb.db, `number:${series}`, 1);
  const note = { tipo: 1, serie: series, numeroPedidoLoja: stored.numeroLoja, dataOperacao: stored.data, contato: { id: stored.contato.id, nome: who.nome ?? '', numeroDocumento: who.numeroDocumento ?? '' }, naturezaOperacao: stored.naturezaOperacao, itens: stored.itens, transporte: stored.transporte, desconto: stored.desconto };
  const made = sb.db.transaction(() => {
    // One statement decides: two calls racing for one order make one note.
    const claimed = sb.db.prepare('UPDATE sales_orders SET note_id = ? WHERE id = ? AND note_id IS NULL').run(id, order.id);
    if (claimed.changes !== 1) return false;
    sb.db.prepare('INSERT INTO notes (id, number, series, store_ref, situation, json, doc_token) VALUES (?, ?, ?, ?, ?, ?, ?)').run(id, number, series, stored.numeroLoja || null, SITUATION.pending, JSON.stringify(note), token());
    return true;
  })();
  if (!made) return error(400, 'VALIDATION_ERROR', 'Não foi possível gerar a nota fiscal', 'Já existe uma nota fiscal para este pedido de venda.');
  return json(201, { data: { id, numero: String(number).padStart(6, '0'), serie: series } });
}

function api(sb: BlingSandbox, method: string, path: string, query: URLSearchParams, body: Record<string, unknown>, baseUrl: string): BlingReply {
  const seg = path.split('/');
  if (method === 'GET' && path === 'naturezas-operacoes') return json(200, { data: NATURES });
  if (path === 'contatos') {
    if (method === 'GET') {
      const doc = (query.get('numeroDocumento') ?? '').replace(/\D/g, '');
      const rows = sb.db.prepare('SELECT id, json FROM contacts WHERE document = ?').all(doc) as { id: number; json: string }[];
      return json(200, { data: rows.map((r) => ({ id: r.id, ...JSON.parse(r.json) })) });
    }
    const doc = String(body.numeroDocumento ?? '').replace(/\D/g, '');
    if (!body.nome || !(doc.length === 11 || doc.length === 14)) return error(400, 'VALIDATION_ERROR', 'Não foi possível salvar o contato', 'Ocorreu um erro ao validar os dados recebidos.', [{ code: 1, msg: 'Informe o nome e o CPF/CNPJ', element: 'numeroDocumento' }]);
    const id = nextValue(sb.db, 'id', 16_000_000_000);
    sb.db.prepare('INSERT INTO contacts (id, document, json) VALUES (?, ?, ?)').run(id, doc, JSON.stringify({ nome: body.nome, numeroDocumento: doc, email: body.email ?? null, tipo: doc.length === 14 ? 'J' : 'F' }));
    return json(201, { data: { id } });
  }
  if (path === 'pedidos/vendas') {
    if (method === 'GET') {
      const numbers = query.getAll('numerosLojas[]');
      const rows = sb.db.prepare(`SELECT * FROM sales_orders WHERE store_number IN (${numbers.map(() => '?').join(',') || "''"}) ORDER BY id`).all(...numbers) as SalesOrderRow[];
      return json(200, { data: rows.map(salesOrderJson) });
    }
    if (method !== 'POST') return error(404, 'RESOURCE_NOT_FOUND', 'Recurso não encontrado.', path);
    // Like Bling, a second order with the same numeroLoja is accepted: the caller's read-back is
    // what keeps one order per sale.
    const items = Array.isArray(body.itens) ? (body.itens as Item[]) : [];
    const contact = body.contato as { id?: unknown } | undefined;
    const known = contact?.id ? sb.db.prepare('SELECT id FROM contacts WHERE id = ?').get(Number(contact.id)) : undefined;
    if (items.length === 0 || !known) return error(400, 'VALIDATION_ERROR', 'Não foi possível salvar a venda', 'Ocorreu um erro ao validar os dados recebidos.', [{ code: 2, msg: 'Informe um contato existente e ao menos um item', element: items.length === 0 ? 'itens' : 'contato' }]);
    const id = nextValue(sb.db, 'id', 16_000_000_000);
    const number = nextValue(sb.db, 'sales-order-number', 1);
    const stored = { numero: number, numeroLoja: String(body.numeroLoja ?? ''), data: body.data ?? null, contato: { id: Number(contact!.id) }, itens: items, transporte: body.transporte ?? null, desconto: body.desconto ?? null, naturezaOperacao: body.naturezaOperacao ?? null };
    sb.db.prepare('INSERT INTO sales_orders (id, store_number, json) VALUES (?, ?, ?)').run(id, stored.numeroLoja, JSON.stringify(stored));
    return json(201, { data: { id } });
  }
  if (seg[0] === 'pedidos' && seg[1] === 'vendas' && /^\d+$/.test(seg[2] ?? '')) {
    const order = sb.db.prepare('SELECT * FROM sales_orders WHERE id = ?').get(Number(seg[2])) as SalesOrderRow | undefined;
    if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'Recurso não encontrado.', 'O pedido de venda não foi encontrado.');
    if (method === 'GET' && seg.length === 3) return json(200, { data: salesOrderJson(order) });
    if (method === 'POST' && seg[3] === 'gerar-nfe' && seg.length === 4) return noteFromSalesOrder(sb, order);
  }
  if (path === 'nfe' && method === 'GET') {
    const ref = query.get('numeroPedidoLoja');
    const rows = (ref ? sb.db.prepare('SELECT * FROM notes WHERE store_ref = ? ORDER BY id').all(ref) : sb.db.prepare('SELECT * FROM notes ORDER BY id DESC LIMIT 100').all()) as NoteRow[];
    return json(200, { data: rows.map((n) => noteJson(sb, advance(sb, n), baseUrl)) });
  }
  if (path === 'nfe' && method === 'POST') {
    const items = Array.isArray(body.itens) ? (body.itens as Item[]) : [];
    const contact = body.contato as { id?: unknown } | undefined;
    if (items.length === 0 || !contact?.id) return error(400, 'VALIDATION_ERROR', 'Não foi possível salvar a nota fiscal', 'Ocorreu um erro ao validar os dados recebidos.', [{ code: 2, msg: 'Informe o contato e ao menos um item', element: 'itens' }]);
    const series = Math.max(1, Math.min(999, Number(body.serie) || 1));
    const id = nextValue(sb.db, 'id', 16_000_000_000);
    const number = nextValue(sb.db, `number:${series}`, 1);
    sb.db.prepare('INSERT INTO notes (id, number, series, store_ref, situation, json, doc_token) VALUES (?, ?, ?, ?, ?, ?, ?)').run(id, number, series, body.numeroPedidoLoja ? String(body.numeroPedidoLoja) : null, SITUATION.pending, JSON.stringify(body), token());
    return json(201, { data: { id } });
  }
  if (seg[0] === 'nfe' && /^\d+$/.test(seg[1] ?? '')) {
    const n = getNote(sb, Number(seg[1]));
    if (!n) return error(404, 'RESOURCE_NOT_FOUND', 'Recurso não encontrado.', 'A nota fiscal não foi encontrada.');
    if (method === 'GET' && seg.length === 2) return json(200, { data: noteJson(sb, n, baseUrl) });
    if (method === 'POST' && seg[2] === 'enviar') return send(sb, n);
    if (method === 'POST' && seg[2] === 'cancelar') return cancel(sb, n, body);
  }
  return error(404, 'RESOURCE_NOT_FOUND', 'Recurso não encontrado.', path);
}

function send(sb: BlingSandbox, n: NoteRow): BlingReply {
  // Sending again a note already sent answers its situation (nothing happens twice).
  if (n.situation !== SITUATION.pending) return json(200, { data: { situacao: n.situation } });
  if (sb.faults.sefazDown) return error(503, 'SERVER_ERROR', 'Serviço indisponível', 'SEFAZ-SP em manutenção ou indisponível. Tente novamente mais tarde.');
  const stored = JSON.parse(n.json) as { itens?: Item[]; dataOperacao?: string };
  const bad = (stored.itens ?? []).findIndex((it) => !ncmAccepted(it.classificacaoFiscal));
  if (bad >= 0) {
    const reason = `778 - Rejeição: Informado NCM inexistente [nItem:${bad + 1}]`;
    sb.db.prepare('UPDATE notes SET situation = ?, reason = ? WHERE id = ?').run(SITUATION.rejected, reason, n.id);
    return error(400, 'VALIDATION_ERROR', 'Nota rejeitada pela SEFAZ', reason, [{ code: 778, msg: reason, element: `itens[${bad}].classificacaoFiscal` }]);
  }
  const now = sb.now();
  const d = new Date(now - 3 * 3600_000); // the issue's month in Brasília time
  const yearMonth = String(d.getUTCFullYear() % 100).padStart(2, '0') + String(d.getUTCMonth() + 1).padStart(2, '0');
  const key = makeAccessKey({ cUF: sb.issuer.cUF, yearMonth, cnpj: sb.issuer.cnpj, model: 55, series: n.series, number: n.number, emissionType: 1, randomCode: randomInt(10_000_000, 99_999_999) });
  const protocol = `1352${String(now).slice(-11)}`;
  sb.db.prepare('UPDATE notes SET situation = ?, access_key = ?, protocol = ?, sent_at = ?, authorize_at = ? WHERE id = ?').run(SITUATION.sent, key, protocol, now, now + AUTHORIZE_AFTER_MS, n.id);
  return json(200, { data: { situacao: SITUATION.sent } });
}

function cancel(sb: BlingSandbox, n: NoteRow, body: Record<string, unknown>): BlingReply {
  if (n.situation === SITUATION.canceled) return json(200, { data: { situacao: SITUATION.canceled } });
  if (n.situation !== SITUATION.authorized) return error(400, 'VALIDATION_ERROR', 'Não foi possível cancelar a nota', 'Somente notas autorizadas podem ser canceladas.');
  if (String(body.justificativa ?? '').trim().length < 15) return error(400, 'VALIDATION_ERROR', 'Não foi possível cancelar a nota', 'A justificativa deve ter ao menos 15 caracteres.', [{ code: 3, msg: 'Justificativa com menos de 15 caracteres', element: 'justificativa' }]);
  if (sb.now() - (n.authorized_at ?? 0) > CANCEL_WINDOW_MS) return error(400, 'VALIDATION_ERROR', 'Nota rejeitada pela SEFAZ', '501 - Rejeição: Prazo de cancelamento superior ao previsto na Legislação');
  sb.db.prepare('UPDATE notes SET situation = ?, canceled_at = ? WHERE id = ?').run(SITUATION.canceled, sb.now(), n.id);
  return json(200, { data: { situacao: SITUATION.canceled } });
}

async function documentOf(sb: BlingSandbox, docToken: string, kind: string): Promise<BlingReply> {
  const n = sb.db.prepare('SELECT * FROM notes WHERE doc_token = ?').get(docToken) as NoteRow | undefined;
  const note = n ? advance(sb, n) : null;
  if (!note || !note.access_key || (note.situation !== SITUATION.authorized && note.situation !== SITUATION.canceled)) return error(404, 'RESOURCE_NOT_FOUND', 'Documento não encontrado.', docToken);
  const stored = JSON.parse(note.json) as { contato?: { nome?: string; numeroDocumento?: string }; itens?: Item[]; dataOperacao?: string; naturezaOperacao?: { descricao?: string } };
  const items = (stored.itens ?? []).map((it) => ({ code: String(it.codigo ?? ''), description: String(it.descricao ?? ''), ncm: String(it.classificacaoFiscal ?? ''), quantity: Number(it.quantidade) || 0, unitValue: Number(it.valor) || 0 }));
  const d: NoteDocument = {
    accessKey: note.access_key,
    number: note.number,
    series: note.series,
    issuedAt: new Date(note.sent_at ?? sb.now()).toISOString(),
    protocol: note.protocol ?? '',
    issuer: sb.issuer,
    buyer: { name: stored.contato?.nome ?? '', document: stored.contato?.numeroDocumento ?? '' },
    items,
    totalValue: Math.round(items.reduce((s, it) => s + it.quantity * it.unitValue, 0) * 100) / 100,
    nature: stored.naturezaOperacao?.descricao ?? 'Venda de mercadoria',
  };
  if (kind === 'danfe.pdf') return { status: 200, bytes: await danfePdf(d), contentType: 'application/pdf' };
  return { status: 200, bytes: new TextEncoder().encode(nfeXml(d)), contentType: 'application/xml' };
}

function control(sb: BlingSandbox, path: string, body: Record<string, unknown>): BlingReply {
  if (path === 'sim/faults') {
    if (body.sefaz === 'down' || body.sefaz === 'up') sb.faults.sefazDown = body.sefaz === 'down';
    if (typeof body.slow === 'boolean') sb.faults.slow = body.slow;
    return json(200, { sefaz: sb.faults.sefazDown ? 'down' : 'up', slow: sb.faults.slow });
  }
  if (path === 'sim/expire-tokens') {
    const r = sb.db.prepare('UPDATE tokens SET access_expires_at = ? WHERE access_expires_at > ?').run(sb.now(), sb.now());
    return json(200, { expired: r.changes });
  }
  if (path === 'sim/notes') {
    const rows = sb.db.prepare('SELECT * FROM notes ORDER BY id').all() as NoteRow[];
    return json(200, rows.map((n) => ({ id: n.id, situacao: advance(sb, n).situation, numeroPedidoLoja: n.store_ref, chaveAcesso: n.access_key })));
  }
  return error(404, 'RESOURCE_NOT_FOUND', 'Recurso não encontrado.', path);
}
