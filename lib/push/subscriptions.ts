/**
 * A person's devices (Minha conta → Notificações → "Aparelhos"). The browser's
 * `PushSubscription.toJSON()` is checked before it is kept: the endpoint must be `https:` (a
 * push service) or one of WEBHOOK_ALLOWED_ORIGINS (a test's local receiver), its keys must be a
 * P-256 point and a 16-byte secret. A person keeps at most MAX_DEVICES devices; the same
 * endpoint subscribed again (or by another person on a shared browser) is that device, moved.
 */
import 'server-only';
import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { database, db } from '@/db';
import { get, run } from '@/db/driver';
import { pushPreferences, pushSubscriptions } from '@/db/schema';
import { env } from '@/lib/config/env';
import { isAllowListed } from '@balcao/server-kit/webhook-target';
import { PUSH_CHOICES, type PushChoiceColumn } from './payload';

export const MAX_DEVICES = 10;

const base64url = (bytes: number) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+=*$/)
    .refine((s) => Buffer.from(s, 'base64url').length === bytes);

const subscriptionJson = z.object({
  endpoint: z.string().max(1000).url(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});

export type SubscribeResult = { ok: true; id: number } | { ok: false; status: 400 | 409; error: string };

export const PUSH_MESSAGES = {
  invalid: 'Assinatura de notificações inválida.',
  endpoint: 'Este endereço de notificações não é aceito.',
  tooMany: `Você já tem ${MAX_DEVICES} aparelhos com notificações. Remova um para ativar neste.`,
} as const;

/** Whether pushes may go to this endpoint: a push service over https, or a listed origin. */
export function endpointAllowed(endpoint: string, allowedOrigins = env().webhookTargets.allowedOrigins): boolean {
  try {
    const url = new URL(endpoint);
    if (url.username || url.password) return false;
    return url.protocol === 'https:' || isAllowListed(endpoint, allowedOrigins);
  } catch {
    return false;
  }
}

/** "Chrome no Android", "Safari no iPhone"… from the user agent; the user agent itself is not kept. */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Navegador';
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iPhone' : /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'Mac' : /Linux/.test(ua) ? 'Linux' : null;
  return system ? `${browser} no ${system}` : browser;
}

export async function subscribeDevice(userId: number, body: unknown, userAgent: string | null): Promise<SubscribeResult> {
  const parsed = subscriptionJson.safeParse(body);
  if (!parsed.success) return { ok: false, status: 400, error: PUSH_MESSAGES.invalid };
  const { endpoint, keys } = parsed.data;
  if (!endpointAllowed(endpoint)) return { ok: false, status: 400, error: PUSH_MESSAGES.endpoint };
  const label = deviceLabel(userAgent);
  return database().transaction(function* (tx) {
    const mine = yield* get(tx.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)));
    const existing = yield* get(tx.select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)));
    if (existing?.userId !== userId && (mine?.n ?? 0) >= MAX_DEVICES) return { ok: false as const, status: 409 as const, error: PUSH_MESSAGES.tooMany };
    if (existing) {
      yield* run(tx.update(pushSubscriptions).set({ userId, p256dh: keys.p256dh, auth: keys.auth, label }).where(eq(pushSubscriptions.id, existing.id)));
      return { ok: true as const, id: existing.id };
    }
    yield* run(tx.insert(pushSubscriptions).values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, label }));
    const row = yield* get(tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)));
    return { ok: true as const, id: row!.id };
  });
}

/** "Remover" (by id, from the list) or the browser's own unsubscribe (by endpoint): only one's own. */
export async function removeDevice(userId: number, which: { id: number } | { endpoint: string }): Promise<boolean> {
  const where = 'id' in which ? eq(pushSubscriptions.id, which.id) : eq(pushSubscriptions.endpoint, which.endpoint);
  const removed = await database().transaction(function* (tx) {
    return yield* run(tx.delete(pushSubscriptions).where(and(where, eq(pushSubscriptions.userId, userId))));
  });
  return removed > 0;
}

/** A person's own device as their page shows it (the endpoint lets the page tell "this device"). */
export type DeviceView = { id: number; label: string; createdAt: string; lastSentAt: string | null; endpoint: string };

export async function devicesOf(userId: number): Promise<DeviceView[]> {
  const rows = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.id));
  return rows.map((r) => ({ id: r.id, label: r.label, createdAt: r.createdAt, lastSentAt: r.lastSentAt, endpoint: r.endpoint }));
}

export type PushChoices = Record<PushChoiceColumn, boolean>;

export async function choicesOf(userId: number): Promise<PushChoices> {
  const [row] = await db().select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
  return { newSale: row?.newSale ?? true, readyToShip: row?.readyToShip ?? true, cartRecovered: row?.cartRecovered ?? true };
}

export async function saveChoices(userId: number, form: FormData): Promise<PushChoices> {
  const choices = Object.fromEntries(PUSH_CHOICES.map((c) => [c.column, form.get(c.column) === 'on'])) as PushChoices;
  await database().transaction(function* (tx) {
    yield* run(tx.insert(pushPreferences).values({ userId, ...choices }).onConflictDoUpdate({ target: pushPreferences.userId, set: choices }));
  });
  return choices;
}
