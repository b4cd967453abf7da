'use server';

import { headers } from 'next/headers';
import { merchantAction, done, refused } from '@/lib/auth';
import { revalidatePath } from 'next/cache';
import { beginTwoFactor, confirmTwoFactor, disableTwoFactor, TWO_FACTOR_MESSAGES } from '@/lib/accounts/two-factor';
import { getShopIdentity } from '@/lib/shop';
import { changePassword } from '@/lib/accounts/password-reset';
import { clientAddress } from '@/lib/security';

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.slice(0, 300) : '';
};

/** "Alterar senha": every session of the account ends, this one too, so the sign-in page follows. */
export const changePasswordAction = merchantAction({ name: 'change-password', permission: 'account:edit' }, async (form: FormData, { merchant }) => {
  const r = await changePassword(merchant, { current: text(form, 'current'), password: text(form, 'password'), confirm: text(form, 'confirm'), ip: clientAddress(await headers()) });
  return r.ok ? { redirect: '/login?senha=alterada' } : refused(r.error, r.fieldErrors);
});

export type TwoFactorState =
  | { ok: true; step: 'scan'; secret: string; qr: string; message: string; at: number }
  | { ok: true; step: 'codes'; codes: string[]; message: string; at: number };

/** "Ativar": a new secret, shown as a QR code and as text. */
export const beginTwoFactorAction = merchantAction<FormData, TwoFactorState>({ name: 'two-factor-begin', permission: 'account:edit' }, async (_form, { merchant }) => {
  const r = await beginTwoFactor(merchant, (await getShopIdentity()).name);
  if (!r.ok) return refused(r.error);
  return { ok: true, step: 'scan', secret: r.secret, qr: r.qr, message: 'Escaneie o código QR no aplicativo autenticador e digite o código que aparecer.', at: Date.now() };
});

/** "Confirmar": the first code from the app turns it on; the recovery codes are shown once. */
export const confirmTwoFactorAction = merchantAction<FormData, TwoFactorState>({ name: 'two-factor-confirm', permission: 'account:edit' }, async (form, { merchant }) => {
  const r = await confirmTwoFactor(merchant, text(form, 'code'), clientAddress(await headers()));
  if (!r.ok) return refused(r.error, { code: r.error });
  // No revalidatePath here: a re-render would swap this form for "Desativar" and the recovery
  // codes, shown only in this answer, would be gone before they were read.
  return { ok: true, step: 'codes', codes: r.codes, message: TWO_FACTOR_MESSAGES.enabled, at: Date.now() };
});

/** "Desativar", with a code. */
export const disableTwoFactorAction = merchantAction({ name: 'two-factor-disable', permission: 'account:edit' }, async (form: FormData, { merchant }) => {
  const r = await disableTwoFactor(merchant, text(form, 'code'), clientAddress(await headers()));
  if (!r.ok) return refused(r.error, { code: r.error });
  revalidatePath('/dashboard/conta');
  return done(r.message);
});
