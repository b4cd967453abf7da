'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { done, refused, merchantAction } from '@/lib/auth';
import { cancelInvitation, inviteMember, removeMember } from '@/lib/accounts/team';
import { setTwoFactorRequirement } from '@/lib/accounts/two-factor';
import { clientAddress } from '@/lib/security';

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.slice(0, 300) : '';
};

/** "Convidar pessoa" (fields "E-mail", "Papel"). */
export const inviteMemberAction = merchantAction({ name: 'invite-member', permission: 'people:manage' }, async (form: FormData, { merchant }) => {
  const r = await inviteMember(merchant, { email: text(form, 'email'), role: text(form, 'role'), ip: clientAddress(await headers()) });
  if (!r.ok) return refused(r.error, r.fieldErrors, { email: text(form, 'email'), role: text(form, 'role') });
  revalidatePath('/dashboard/settings/equipe');
  return done(r.message);
});

/**
 * "Remover acesso". The person's API keys and webhook endpoints are revoked too unless the
 * confirmation's box was unticked: the form says it asked (`integrationsAsked`), so a form that
 * never showed the box (or a hand-made POST) revokes them, the safe default.
 */
export const removeMemberAction = merchantAction({ name: 'remove-member', permission: 'people:manage' }, async (form: FormData, { merchant }) => {
  const revokeIntegrations = text(form, 'integrationsAsked') !== '1' || text(form, 'revokeIntegrations') === '1';
  const r = await removeMember(merchant, Number(text(form, 'userId')), clientAddress(await headers()), { revokeIntegrations });
  if (!r.ok) return refused(r.error);
  revalidatePath('/dashboard/settings/equipe');
  // The person's row (and this form's answer with it) leaves the page: the page says it instead.
  return { redirect: `/dashboard/settings/equipe?${new URLSearchParams({ removido: '1', chaves: String(r.revokedKeys), endpoints: String(r.disabledEndpoints) })}` };
});

/** "Cancelar convite": the pending invitation's link stops working. */
export const cancelInvitationAction = merchantAction({ name: 'cancel-invitation', permission: 'people:manage' }, async (form: FormData, { merchant }) => {
  const r = await cancelInvitation(merchant, text(form, 'invitationId'), clientAddress(await headers()));
  if (!r.ok) return refused(r.error);
  revalidatePath('/dashboard/settings/equipe');
  return { redirect: '/dashboard/settings/equipe?convite=cancelado' };
});

/** The Dono's switch: require two-step sign-in of everyone who can refund or change settings. */
export const twoFactorRequirementAction = merchantAction({ name: 'two-factor-requirement', permission: 'people:manage' }, async (form: FormData, { merchant }) => {
  const on = text(form, 'require') === '1';
  await setTwoFactorRequirement(merchant, on, clientAddress(await headers()));
  revalidatePath('/dashboard/settings/equipe');
  return done(on ? 'Verificação em duas etapas exigida de Donos e Gerentes.' : 'Verificação em duas etapas deixou de ser exigida.');
});
