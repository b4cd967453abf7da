'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { z } from 'zod';
import { done, refused, type ActionState, merchantAction } from '@/lib/auth';
import { apiKeyFormSchema, createApiKey, revokeApiKey, type ApiKeyForm } from '@/lib/public-api';
import { createEndpoint, endpointFormSchema, sendTestDelivery, setEndpointEnabled } from '@/lib/outbound-events/webhook-endpoints';
import type { OutboundEventType } from '@/lib/outbound-events/event-types';
import { clientAddress } from '@/lib/security';
import { logger } from '@/lib/server/log';

const actorOf = async (merchant: { id: number; email: string }) => ({ actor: { id: merchant.id, email: merchant.email }, ip: clientAddress(await headers()) });

/** The answer of "Criar chave de API": the key itself, shown once. */
export type KeyCreatedState = ActionState | { ok: true; message: string; at: number; secret: string };

/** Configurações → Integrações → "Criar chave de API" (field "Nome", the orders it covers, "Permitir reembolsos"). */
export const createApiKeyAction = merchantAction<ApiKeyForm, KeyCreatedState>(
  { name: 'create-api-key', permission: 'integrations:manage', parse: apiKeyFormSchema },
  async ({ name, orderScope, allowRefunds }, { merchant }) => {
    const { id, key } = await createApiKey(name, { orderScope, allowRefunds, ...(await actorOf(merchant)) });
    logger().info({ actor: merchant.id, apiKeyId: id }, 'api key created');
    revalidatePath('/dashboard/settings/integracoes');
    return { ok: true, message: `Chave “${name}” criada. Copie agora: ela não será mostrada de novo.`, at: Date.now(), secret: key };
  },
);

/** "Revogar": the key stops working on its next request. */
export const revokeApiKeyAction = merchantAction(
  { name: 'revoke-api-key', permission: 'integrations:manage', parse: z.object({ id: z.uuid({ error: 'Chave não encontrada.' }) }) },
  async ({ id }, { merchant }) => {
    const revoked = await revokeApiKey(id, await actorOf(merchant));
    if (!revoked) return refused('Esta chave não existe ou já foi revogada.');
    logger().info({ actor: merchant.id, apiKeyId: id }, 'api key revoked');
    revalidatePath('/dashboard/settings/integracoes');
    return done('Chave revogada. Ela não funciona mais.');
  },
);

/** The answer of "Adicionar endpoint": the signing secret, shown once. */
export type EndpointCreatedState = ActionState | { ok: true; message: string; at: number; secret: string };

/** "Adicionar endpoint" (fields "URL" and "Eventos"). */
export const createEndpointAction = merchantAction<{ url: string; events: OutboundEventType[] }, EndpointCreatedState>(
  {
    name: 'create-webhook-endpoint',
    permission: 'integrations:manage',
    parse: (form) => {
      const parsed = endpointFormSchema.safeParse({ url: form.get('url') ?? '', events: form.getAll('events') });
      if (parsed.success) return { ok: true, value: parsed.data };
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      return { ok: false, fieldErrors, values: { url: String(form.get('url') ?? '') } };
    },
  },
  async ({ url, events }, { merchant }) => {
    const { id, secret } = await createEndpoint(url, events, await actorOf(merchant));
    logger().info({ actor: merchant.id, endpointId: id }, 'webhook endpoint created');
    revalidatePath('/dashboard/settings/integracoes');
    return { ok: true, message: 'Endpoint adicionado. Copie o segredo de assinatura agora: ele não será mostrado de novo.', at: Date.now(), secret };
  },
);

const endpointId = z.object({ id: z.uuid({ error: 'Endpoint não encontrado.' }) });

/** "Desativar" / "Ativar" an endpoint: a disabled one receives nothing until enabled again. */
export const toggleEndpointAction = merchantAction(
  { name: 'toggle-webhook-endpoint', permission: 'integrations:manage', parse: endpointId.extend({ enabled: z.enum(['true', 'false']) }) },
  async ({ id, enabled }, { merchant }) => {
    if (!(await setEndpointEnabled(id, enabled === 'true', await actorOf(merchant)))) return refused('Endpoint não encontrado.');
    revalidatePath('/dashboard/settings/integracoes');
    return done(enabled === 'true' ? 'Endpoint ativado.' : 'Endpoint desativado: ele não recebe eventos até ser ativado.');
  },
);

/** "Enviar teste": one made-up event to this endpoint; its attempt shows in the delivery log. */
export const sendTestAction = merchantAction({ name: 'send-test-webhook', permission: 'integrations:manage', parse: endpointId }, async ({ id }) => {
  if (!(await sendTestDelivery(id))) return refused('Endpoint não encontrado.');
  revalidatePath('/dashboard/settings/integracoes');
  return done('Teste enviado. O resultado aparece no registro de entregas em instantes.');
});
