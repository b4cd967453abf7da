'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { done, refused, type ActionState } from '@/lib/auth/action-state';
import { merchantAction } from '@/lib/auth/merchant-action';
import { apiKeyNameSchema, createApiKey, revokeApiKey } from '@/lib/api/keys';
import { logger } from '@/lib/server/log';

/** The answer of "Criar chave de API": the key itself, shown once. */
export type KeyCreatedState = ActionState | { ok: true; message: string; at: number; secret: string };

/** Configurações → Integrações → "Criar chave de API" (field "Nome"). */
export const createApiKeyAction = merchantAction<{ name: string }, KeyCreatedState>(
  { name: 'create-api-key', permission: 'integrations:manage', parse: apiKeyNameSchema },
  async ({ name }, { merchant }) => {
    const { id, key } = await createApiKey(name);
    logger().info({ actor: merchant.id, apiKeyId: id }, 'api key created');
    revalidatePath('/dashboard/settings/integracoes');
    return { ok: true, message: `Chave “${name}” criada. Copie agora: ela não será mostrada de novo.`, at: Date.now(), secret: key };
  },
);

/** "Revogar": the key stops working on its next request. */
export const revokeApiKeyAction = merchantAction(
  { name: 'revoke-api-key', permission: 'integrations:manage', parse: z.object({ id: z.uuid({ error: 'Chave não encontrada.' }) }) },
  async ({ id }, { merchant }) => {
    const revoked = await revokeApiKey(id);
    if (!revoked) return refused('Esta chave não existe ou já foi revogada.');
    logger().info({ actor: merchant.id, apiKeyId: id }, 'api key revoked');
    revalidatePath('/dashboard/settings/integracoes');
    return done('Chave revogada. Ela não funciona mais.');
  },
);
