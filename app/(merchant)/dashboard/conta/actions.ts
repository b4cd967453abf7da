'use server';

import { headers } from 'next/headers';
import { merchantAction } from '@/lib/auth/merchant-action';
import { refused } from '@/lib/auth/action-state';
import { changePassword } from '@/lib/accounts/password-reset';
import { clientAddress } from '@/lib/security/client-address';

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.slice(0, 300) : '';
};

/** "Alterar senha": every session of the account ends, this one too, so the sign-in page follows. */
export const changePasswordAction = merchantAction({ name: 'change-password', permission: 'account:edit' }, async (form: FormData, { merchant }) => {
  const r = await changePassword(merchant, { current: text(form, 'current'), password: text(form, 'password'), confirm: text(form, 'confirm'), ip: clientAddress(await headers()) });
  return r.ok ? { redirect: '/login?senha=alterada' } : refused(r.error, r.fieldErrors);
});
