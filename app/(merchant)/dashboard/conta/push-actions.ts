'use server';

import { revalidatePath } from 'next/cache';
import { merchantAction, done, refused } from '@/lib/auth';
import { hit } from '@/lib/security';
import { recordTestPush } from '@/lib/push/record';
import { removeDevice, saveChoices } from '@/lib/push';

/** "Remover" a device from "Aparelhos". */
export const removeDeviceAction = merchantAction({ name: 'push-device-remove', permission: 'account:edit' }, async (form: FormData, { merchant }) => {
  const id = Number(form.get('deviceId'));
  if (!Number.isSafeInteger(id) || !(await removeDevice(merchant.id, { id }))) return refused('Aparelho não encontrado.');
  revalidatePath('/dashboard/conta');
  return done('Aparelho removido. Ele não recebe mais notificações.');
});

/** "Enviar notificação de teste" to each of this person's devices. */
export const sendTestPushAction = merchantAction({ name: 'push-test', permission: 'account:edit' }, async (_form: FormData, { merchant }) => {
  const rate = await hit('push', String(merchant.id));
  if (!rate.ok) return refused('Muitas tentativas. Aguarde um minuto.');
  const devices = await recordTestPush(merchant.id);
  if (devices === 0) return refused('Nenhum aparelho recebe notificações ainda. Ative neste aparelho primeiro.');
  return done(devices === 1 ? 'Notificação de teste enviada ao seu aparelho.' : `Notificação de teste enviada aos seus ${devices} aparelhos.`);
});

/** Which pushes this person wants. */
export const savePushChoicesAction = merchantAction({ name: 'push-choices', permission: 'account:edit' }, async (form: FormData, { merchant }) => {
  await saveChoices(merchant.id, form);
  revalidatePath('/dashboard/conta');
  return done('Preferências salvas.');
});
