import type { Metadata } from 'next';
import { AccountPanel } from '@/app/login/account-panel';
import { openAccountToken } from '@/lib/accounts/password-reset';
import { TEAM_MESSAGES } from '@/lib/accounts/team';
import { ROLE_LABELS } from '@/lib/auth/permissions';
import { AcceptForm } from './accept-form';

export const metadata: Metadata = { title: 'Convite para a equipe', robots: { index: false }, referrer: 'no-referrer' };

type Props = { params: Promise<{ token: string }> };

export default async function InvitationPage({ params }: Props) {
  const { token } = await params;
  const invitation = await openAccountToken(token, 'invitation');
  return (
    <AccountPanel title="Convite para a equipe">
      {invitation ? (
        <>
          <p className="muted small">
            Conta de {invitation.email}, com o papel {invitation.role ? ROLE_LABELS[invitation.role] : ''}. Escolha seu nome e sua senha.
          </p>
          <AcceptForm token={token} />
        </>
      ) : (
        <p className="alert alert-error" role="alert">
          {TEAM_MESSAGES.invalidLink}
        </p>
      )}
    </AccountPanel>
  );
}
