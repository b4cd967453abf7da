'use server';

import { revalidatePath } from 'next/cache';
import { done, refused, merchantAction } from '@/lib/auth';
import { recordRequestActivity } from '@/lib/security';
import { disconnect, startAuthorization, invoiceSettingsSchema, naturesOrProblem, saveInvoiceSettings } from '@/lib/nfe';

/** "Conectar ao Bling": off to Bling's consent page with a fresh state; the callback finishes. */
export const connectBlingAction = merchantAction({ name: 'bling-connect', permission: 'invoices:manage' }, async () => {
  try {
    return { redirect: await startAuthorization() };
  } catch (e) {
    return refused(e instanceof Error ? e.message : 'Não foi possível iniciar a conexão com o Bling.');
  }
});

export const disconnectBlingAction = merchantAction({ name: 'bling-disconnect', permission: 'invoices:manage' }, async (_form, { merchant }) => {
  await disconnect();
  await recordRequestActivity({ actor: merchant, action: 'nfe', summary: 'Desconectou o Bling', target: 'nota-fiscal' });
  revalidatePath('/dashboard/settings/nota-fiscal');
  return done('Bling desconectado. Para revogar o acesso, remova o aplicativo em Bling → Aplicativos autorizados.');
});

export const saveInvoiceSettingsAction = merchantAction(
  {
    name: 'bling-settings',
    permission: 'invoices:manage',
    parse: (form) => {
      const parsed = invoiceSettingsSchema.safeParse(Object.fromEntries(form));
      if (parsed.success) return { ok: true, value: parsed.data };
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      return { ok: false, fieldErrors };
    },
  },
  async (input, { merchant }) => {
    // The name shown is Bling's own, read again here (the form only sends the id).
    const list = await naturesOrProblem();
    if ('problem' in list) return refused(list.problem);
    const nature = list.natures.find((n) => n.id === input.natureId);
    if (!nature) return refused('Esta natureza de operação não está mais ativa no Bling.', { natureId: 'Escolha a natureza de operação.' });
    await saveInvoiceSettings(input, nature.descricao);
    await recordRequestActivity({ actor: merchant, action: 'settings', summary: `Alterou a nota fiscal (${nature.descricao}${input.autoEmit ? ', emissão automática' : ''})`, target: 'nota-fiscal' });
    revalidatePath('/dashboard/settings/nota-fiscal');
    return done('Configurações da nota fiscal salvas.');
  },
);
