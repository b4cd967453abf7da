'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { refused, done, type ActionState } from '@/lib/auth';
import { requestPasswordReset, resetPassword } from '@/lib/accounts/password-reset';
import { clientAddress } from '@/lib/security';
import { withAfterPass } from '@/lib/server/after-pass';

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.slice(0, 300) : '';
};

/** "Enviar link" of "Esqueci minha senha". */
export async function requestResetAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const ip = clientAddress(await headers());
  // The link's e-mail leaves right after the response.
  const r = await withAfterPass(() => requestPasswordReset({ email: text(form, 'email'), ip }));
  return r.ok ? done(r.message) : refused(r.error, r.fieldErrors, { email: text(form, 'email') });
}

/** "Salvar nova senha" of the reset link's page: on success, the sign-in page says so. */
export async function resetPasswordAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const r = await resetPassword({ token: text(form, 'token'), password: text(form, 'password'), confirm: text(form, 'confirm'), ip: clientAddress(await headers()) });
  if (!r.ok) return refused(r.error, r.fieldErrors);
  redirect('/login?senha=redefinida');
}
