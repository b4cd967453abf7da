/**
 * A signed-in person's device for Web Push (Minha conta → Notificações): POST the browser's
 * `PushSubscription.toJSON()` → 201; DELETE `{"endpoint"}` → 204 (the browser unsubscribed).
 * JSON only and from this site's own origin (APP_URL), so a cross-site page cannot subscribe a
 * device of its own to a shop's sales; `account:edit` on the server; per-person limits in
 * lib/push/subscriptions.ts and the 'push' rate bucket.
 */
import { headers } from 'next/headers';
import { merchantFor } from '@/lib/auth';
import { env } from '@/lib/config/env';
import { hit } from '@/lib/security';
import { removeDevice, subscribeDevice } from '@/lib/push';

const HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
const json = (body: unknown, status: number) => Response.json(body, { status, headers: HEADERS });
const MAX_BODY = 4_096;

async function checked(request: Request) {
  const origin = request.headers.get('origin');
  if (!origin || origin !== new URL(env().appUrl).origin || !/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    return { ok: false as const, response: json({ ok: false, error: 'Pedido recusado.' }, 403) };
  }
  const access = await merchantFor('account:edit');
  if (!access.ok) return { ok: false as const, response: json({ ok: false, error: access.error }, access.status) };
  const text = await request.text();
  let body: unknown = null;
  try {
    body = text.length <= MAX_BODY ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { ok: true as const, merchant: access.merchant, body };
}

export async function POST(request: Request) {
  const c = await checked(request);
  if (!c.ok) return c.response;
  const rate = await hit('push', String(c.merchant.id));
  if (!rate.ok) return json({ ok: false, error: 'Muitas tentativas. Aguarde um minuto.' }, 429);
  const result = await subscribeDevice(c.merchant.id, c.body, (await headers()).get('user-agent'));
  return result.ok ? json({ ok: true, id: result.id }, 201) : json({ ok: false, error: result.error }, result.status);
}

export async function DELETE(request: Request) {
  const c = await checked(request);
  if (!c.ok) return c.response;
  const endpoint = (c.body as { endpoint?: unknown } | null)?.endpoint;
  if (typeof endpoint !== 'string') return json({ ok: false, error: 'Aparelho não encontrado.' }, 400);
  await removeDevice(c.merchant.id, { endpoint });
  return new Response(null, { status: 204, headers: HEADERS });
}
