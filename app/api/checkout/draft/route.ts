/**
 * The checkout's draft autosave (debounced by the form's script): the form's fields as
 * form data, from the cart's checkout or a payment link's or session's (its hidden field says). Same-origin only, rate-limited per client address and per browser (its draft cookie);
 * saves nothing until a valid e-mail or phone was typed (lib/checkout/drafts/drafts.ts).
 */
import { headers } from 'next/headers';
import { formValuesOf, draftSourceOf, saveCheckoutDraft, draftCookie } from '@/lib/checkout';
import { clientRateKey, hit, isSameOrigin, sha256Hex } from '@/lib/security';

export async function POST(req: Request): Promise<Response> {
  if (!isSameOrigin(req.headers)) return new Response(null, { status: 403 });
  const byClient = await hit('draft', clientRateKey(await headers()));
  if (!byClient.ok) return new Response(null, { status: 429, headers: { 'Retry-After': String(byClient.retryAfterSeconds) } });
  const cookie = await draftCookie(true);
  const byCookie = await hit('draft-cookie', sha256Hex(cookie!).slice(0, 32));
  if (!byCookie.ok) return new Response(null, { status: 429, headers: { 'Retry-After': String(byCookie.retryAfterSeconds) } });
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    return new Response(null, { status: 400 });
  }
  const amount = form.get('amount');
  const values = { ...formValuesOf(form), ...(typeof amount === 'string' ? { amount: amount.slice(0, 40) } : {}) };
  const saved = await saveCheckoutDraft(cookie!, draftSourceOf(form), values, false);
  return new Response(null, { status: saved ? 204 : 202 });
}
