/**
 * The merchant's webhook endpoints (Configurações → Integrações → "Adicionar endpoint"): a URL,
 * the events it wants, and a signing secret `whsec_<base64>` shown once (kept, since every
 * delivery is signed with it). An endpoint can be disabled and enabled again; "Enviar teste"
 * queues one test delivery to it. The delivery log lists every attempt. The endpoint remembers
 * who added it ("Remover acesso" disables that person's endpoints: lib/accounts/team.ts); adding,
 * disabling and enabling one is written to the activity log, naming only the URL's origin (its
 * path or query may hold the receiver's secret token).
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { database } from '@/db';
import { get, run } from '@/db/driver';
import { outboundAttempts, outboundDeliveries, outboundEvents, webhookEndpoints, type WebhookEndpointRow } from '@/db/schema';
import { env } from '@/lib/config/env';
import { newEventId } from '@/lib/outbound-events/record';
import { activityStep, newId } from '@/lib/security';
import { OUTBOUND_EVENT_TYPES, type OutboundEventType } from './event-types';
import { noteOutboxRow } from '@/lib/server/after-pass';

export const endpointFormSchema = z.object({
  url: z
    .string({ error: 'Informe a URL que vai receber os eventos.' })
    .trim()
    .min(1, { error: 'Informe a URL que vai receber os eventos.' })
    .max(2048, { error: 'Use uma URL de até 2.048 caracteres.' })
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { error: 'Use uma URL completa, como https://sualoja.com.br/webhooks/balcao.' })
    // https in production, except an origin the operator listed in WEBHOOK_ALLOWED_ORIGINS (a receiver on their own network).
    .refine((v) => !env().isProduction || v.startsWith('https://') || (URL.canParse(v) && env().webhookTargets.allowedOrigins.includes(new URL(v).origin)), {
      error: 'Use uma URL https.',
    }),
  events: z.array(z.enum(OUTBOUND_EVENT_TYPES), { error: 'Escolha ao menos um evento.' }).min(1, { error: 'Escolha ao menos um evento.' }),
});

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The endpoint as the activity log names it: its origin only. */
export function endpointLabel(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : 'URL inválida';
}

/** Who did something to a key or an endpoint, for the activity log (null: a script, a test). */
export type IntegrationActor = { id: number; email: string } | null;
type ActorContext = { actor?: IntegrationActor; ip?: string | null };

export async function createEndpoint(url: string, events: readonly OutboundEventType[], opts: ActorContext = {}): Promise<{ id: string; secret: string }> {
  const id = newId();
  const secret = newWebhookSecret();
  const actor = opts.actor ?? null;
  await database().transaction(function* (tx) {
    yield* run(tx.insert(webhookEndpoints).values({ id, url, events: [...new Set(events)].join(','), secret, createdBy: actor?.id ?? null, createdByEmail: actor?.email ?? null }));
    yield* activityStep(tx, { actor, action: 'integrations', summary: `Adicionou o endpoint de webhook ${endpointLabel(url)}`, target: id, ip: opts.ip ?? null });
  });
  return { id, secret };
}

/** "Ativar" / "Desativar" (false: no such endpoint). Only a real change is logged. */
export async function setEndpointEnabled(id: string, enabled: boolean, opts: ActorContext = {}): Promise<boolean> {
  return database().transaction(function* (tx) {
    const row = yield* get(tx.select({ url: webhookEndpoints.url, enabled: webhookEndpoints.enabled }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id)));
    if (!row) return false;
    if (row.enabled === enabled) return true;
    yield* run(tx.update(webhookEndpoints).set({ enabled }).where(eq(webhookEndpoints.id, id)));
    const verb = enabled ? 'Ativou' : 'Desativou';
    yield* activityStep(tx, { actor: opts.actor ?? null, action: 'integrations', summary: `${verb} o endpoint de webhook ${endpointLabel(row.url)}`, target: id, ip: opts.ip ?? null });
    return true;
  });
}

/** "Enviar teste": one delivery of a made-up order (id "ord_test", metadata {"test": "true"}) to this endpoint only. */
export async function sendTestDelivery(id: string): Promise<boolean> {
  const [endpoint] = await database().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!endpoint) return false;
  const eventId = newEventId();
  const at = new Date().toISOString();
  const type = (endpoint.events.split(',')[0] ?? 'order.paid') as OutboundEventType;
  const body = JSON.stringify({
    id: eventId,
    type,
    created_at: at,
    data: {
      order: {
        id: 'ord_test',
        number: 1000,
        status: 'paid',
        fulfillment_status: null,
        method: 'pix',
        total: 4990,
        refunded: 0,
        items: [{ product_id: null, name: 'Pedido de teste', unit_amount: 4990, quantity: 1, amount: 4990 }],
        customer: { name: 'Comprador de teste', document: '52998224725', email: 'teste@example.com' },
        metadata: { test: 'true' },
        checkout_session_id: null,
        created_at: at,
        paid_at: at,
      },
      checkout_session_id: null,
      metadata: { test: 'true' },
    },
  });
  noteOutboxRow('webhook', `test:${eventId}`);
  await database().transaction(function* (tx) {
    yield* run(tx.insert(outboundEvents).values({ id: eventId, type, orderId: null, dedupeKey: `test:${eventId}`, createdAt: at, fannedOutAt: at }));
    yield* run(tx.insert(outboundDeliveries).values({ eventId, endpointId: id, body, nextAttemptAt: at }));
  });
  return true;
}

export type EndpointView = Omit<WebhookEndpointRow, 'secret' | 'events'> & { events: string[] };
export type AttemptView = { deliveryId: number; eventId: string; type: string; at: string; statusCode: number | null; error: string | null; durationMs: number; status: string };

export async function listEndpoints(): Promise<EndpointView[]> {
  const rows = await database().db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(({ secret: _secret, events, ...rest }) => ({ ...rest, events: events.split(',') }));
}

/** The last attempts of every endpoint (newest first), for the delivery log. */
export async function recentAttempts(endpointIds: readonly string[], limit = 50): Promise<Map<string, AttemptView[]>> {
  const out = new Map<string, AttemptView[]>();
  if (endpointIds.length === 0) return out;
  const rows = await database()
    .db.select({
      endpointId: outboundDeliveries.endpointId,
      deliveryId: outboundDeliveries.id,
      eventId: outboundDeliveries.eventId,
      type: outboundEvents.type,
      status: outboundDeliveries.status,
      at: outboundAttempts.at,
      statusCode: outboundAttempts.statusCode,
      error: outboundAttempts.error,
      durationMs: outboundAttempts.durationMs,
    })
    .from(outboundAttempts)
    .innerJoin(outboundDeliveries, eq(outboundDeliveries.id, outboundAttempts.deliveryId))
    .innerJoin(outboundEvents, eq(outboundEvents.id, outboundDeliveries.eventId))
    .where(inArray(outboundDeliveries.endpointId, [...endpointIds]))
    .orderBy(desc(outboundAttempts.id))
    .limit(limit * endpointIds.length);
  for (const r of rows) {
    const list = out.get(r.endpointId) ?? [];
    if (list.length < limit) list.push(r);
    out.set(r.endpointId, list);
  }
  return out;
}
