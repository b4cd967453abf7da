/**
 * A development install (or a public demo) starts connected to the embedded Bling sandbox, as
 * it starts with the carrier sandbox on: right after the seed, the same OAuth round trip a
 * merchant makes ("Autorizar" answered in process), natureza "Venda de mercadoria",
 * automatic emission on. Never against a real Bling (that needs the merchant's consent).
 */
import 'server-only';
import { handleBlingCall } from '@balcao/bling-sandbox';
import { env } from '@/lib/config/env';
import { blingSettingsRow, blingTarget, finishAuthorization, startAuthorization } from './connection';
import { BLING_EMBEDDED_PATH, blingSandbox } from './embedded-bling';
import { saveInvoiceSettings } from './settings';

export async function connectEmbeddedBling(): Promise<boolean> {
  const target = blingTarget();
  if (!target?.embedded || (await blingSettingsRow())) return false;
  const authorize = new URL(await startAuthorization());
  const reply = await handleBlingCall(blingSandbox(), {
    method: 'POST',
    path: ['Api', 'v3', 'oauth', 'authorize'],
    query: new URLSearchParams(),
    authorization: null,
    contentType: 'application/x-www-form-urlencoded',
    body: new URLSearchParams({ response_type: 'code', client_id: target.clientId, state: authorize.searchParams.get('state') ?? '', decision: 'allow' }).toString(),
    baseUrl: `${env().appUrl}${BLING_EMBEDDED_PATH}`,
  });
  const back = reply.location ? new URL(reply.location) : null;
  const done = await finishAuthorization({ code: back?.searchParams.get('code') ?? null, state: back?.searchParams.get('state') ?? null, error: null });
  if (!done.ok) return false;
  await saveInvoiceSettings({ natureId: '1001', autoEmit: true }, 'Venda de mercadoria');
  return true;
}
