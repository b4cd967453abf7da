/** Meta's WhatsApp webhook: GET verification, POST statuses and replies (lib/whatsapp/webhook.ts). */
import { readBodyCapped } from '@balcao/server-kit/read-body';
import { clientRateKey, hit } from '@/lib/security';
import { withAfterPass } from '@/lib/server/after-pass';
import { handleWhatsappWebhookPost, verifySubscription } from '@/lib/whatsapp';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

async function limited(req: Request): Promise<Response | null> {
  const budget = await hit('webhook', `whatsapp:${clientRateKey(req.headers)}`);
  return budget.ok ? null : new Response('Too Many Requests', { status: 429, headers: { 'Retry-After': String(budget.retryAfterSeconds) } });
}

export async function GET(req: Request): Promise<Response> {
  const refused = await limited(req);
  if (refused) return refused;
  const answer = await verifySubscription(new URL(req.url).searchParams);
  return new Response(answer.body, { status: answer.status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

export async function POST(req: Request): Promise<Response> {
  const refused = await limited(req);
  if (refused) return refused;
  const raw = await readBodyCapped(req, 256 * 1024);
  if (raw === 'too_large') return new Response('Payload Too Large', { status: 413 });
  // The opt-out's answer leaves right after the 200 (lib/server/after-pass.ts).
  const answer = await withAfterPass(() => handleWhatsappWebhookPost(raw, req.headers.get('x-hub-signature-256')));
  return new Response(answer.body, { status: answer.status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
