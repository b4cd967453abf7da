/**
 * The activity log (`activity_log`): who did what, when and from which address — sign-ins
 * (and failed ones), refunds (the dashboard's and the API's), cancellations, manual refunds,
 * reconciliations, stock returns, settings, people, API keys and webhook endpoints, fulfilment,
 * exports, anonymisation. Append-only: this module only inserts, and reads; the one delete is
 * the sweep of rows over a year old (the database's triggers refuse anything else).
 * `recordActivity` is for every use-case that does something a business wants to trace; it never
 * throws (a failed log line must not undo what was done), it logs the failure instead.
 */
import 'server-only';
import { headers } from 'next/headers';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { db, type Tx } from '@/db';
import { run, type Step } from '@/db/driver';
import { activityLog, type ActivityRow } from '@/db/schema';
import { logger } from '@/lib/server/log';
import { processSingleton } from '@/lib/process/context';
import { clientAddress, type HeadersLike } from './client-address';

export const ACTIVITY_ACTIONS = {
  sign_in: 'Entrada no painel',
  sign_in_failed: 'Entrada recusada',
  sign_out_everywhere: 'Saída de todos os dispositivos',
  password_reset_requested: 'Pedido de nova senha',
  password_reset: 'Senha redefinida',
  password_changed: 'Senha alterada',
  two_factor: 'Verificação em duas etapas',
  refund: 'Reembolso',
  cancel: 'Cancelamento',
  manual_refund: 'Reembolso manual',
  settings: 'Configurações',
  people: 'Equipe',
  fulfilment: 'Envio',
  export: 'Exportação',
  anonymisation: 'Anonimização',
  integrations: 'Integrações',
  reconcile: 'Reconciliação',
  stock_return: 'Devolução ao estoque',
  order_note: 'Nota interna',
  catalog: 'Catálogo',
  nfe: 'Nota fiscal',
} as const;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

export type ActivityEntry = {
  /** Who did it: the signed-in person, or null (a failed sign-in: give `email` as typed; an API key: its name). */
  actor: { id: number; email: string } | null;
  /** Without an actor: the e-mail the attempt was about. */
  email?: string;
  action: ActivityAction;
  /** What happened, in pt-BR, as the log shows it. Never a password, a token or a code. */
  summary: string;
  /** The order id, the person's e-mail, the settings page. */
  target?: string | null;
  /** The client address (lib/security/client-address.ts), or the request's headers to read it from. */
  ip?: string | null;
  headers?: HeadersLike;
};

function rowOf(e: ActivityEntry, at?: string) {
  return {
    ...(at ? { at } : {}),
    actorId: e.actor?.id ?? null,
    actorEmail: (e.actor?.email ?? e.email ?? '').slice(0, 254),
    action: e.action,
    summary: e.summary.slice(0, 500),
    target: e.target?.slice(0, 200) ?? null,
    ip: e.ip ?? (e.headers ? clientAddress(e.headers) : null),
  };
}

/** When this process last swept entries over a year old (at most once a day, from recordActivity). */
const lastSweep = processSingleton('activity-sweep', () => ({ at: 0 }));
const DAY_MS = 86_400_000;

/** Appends one entry. Never throws. */
export async function recordActivity(e: ActivityEntry): Promise<void> {
  try {
    await db().insert(activityLog).values(rowOf(e));
    const sweep = lastSweep();
    if (Date.now() - sweep.at >= DAY_MS) {
      sweep.at = Date.now();
      await sweepActivity();
    }
  } catch (error) {
    logger().error({ err: error, action: e.action }, 'activity log: entry not written');
  }
}

/** `recordActivity` from a server action or route handler: the address is read from the request's headers. */
export async function recordRequestActivity(e: Omit<ActivityEntry, 'ip' | 'headers'>): Promise<void> {
  let address: string | null = null;
  try {
    address = clientAddress(await headers());
  } catch {
    // Outside a request (a script, a test without one): no address.
  }
  await recordActivity({ ...e, ip: address });
}

/** The same entry as a step of a db/driver transaction body: written with the change, or not at all. */
export function* activityStep(tx: Tx, e: ActivityEntry): Generator<Step, number, unknown> {
  return yield* run(tx.insert(activityLog).values(rowOf(e)));
}

export type ActivityFilter = { actorEmail?: string; action?: ActivityAction; from?: string; to?: string };
export const ACTIVITY_PAGE_SIZE = 50;

/** Newest first; `before` (an id) pages on. `from`/`to` are ISO instants (inclusive / exclusive). */
export async function listActivity(f: ActivityFilter, page: { before?: number; limit?: number } = {}): Promise<ActivityRow[]> {
  const where: (SQL | undefined)[] = [
    f.actorEmail ? eq(activityLog.actorEmail, f.actorEmail) : undefined,
    f.action ? eq(activityLog.action, f.action) : undefined,
    f.from ? gte(activityLog.at, f.from) : undefined,
    f.to ? lt(activityLog.at, f.to) : undefined,
    page.before ? lt(activityLog.id, page.before) : undefined,
  ];
  return db()
    .select()
    .from(activityLog)
    .where(and(...where))
    .orderBy(desc(activityLog.id))
    .limit(page.limit ?? ACTIVITY_PAGE_SIZE);
}

/** The people who appear in the log (the "Quem" filter). */
export async function activityActors(): Promise<string[]> {
  const rows = await db().selectDistinct({ email: activityLog.actorEmail }).from(activityLog).where(sql`${activityLog.actorEmail} <> ''`).orderBy(activityLog.actorEmail).limit(200);
  return rows.map((r) => r.email);
}

/**
 * Deletes entries older than a year. Returns how many. The cutoff is SQLite's own "now, -1 year"
 * — the very bound the delete trigger checks — so the sweep never asks for a row it refuses.
 */
export async function sweepActivity(): Promise<number> {
  const removed = await db()
    .delete(activityLog)
    .where(lt(activityLog.at, sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 year')`))
    .returning({ id: activityLog.id });
  return removed.length;
}
