'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { refused, type ActionState } from '@/lib/auth';
import { acceptInvitation } from '@/lib/accounts/team';
import { clientAddress } from '@/lib/security';

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.slice(0, 300) : '';
};

/** "Aceitar convite": the account is made, then the sign-in page says so. */
export async function acceptInvitationAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const r = await acceptInvitation({ token: text(form, 'token'), name: text(form, 'name'), password: text(form, 'password'), confirm: text(form, 'confirm'), ip: clientAddress(await headers()) });
  if (!r.ok) return refused(r.error, r.fieldErrors);
  redirect('/login?convite=aceito');
}
