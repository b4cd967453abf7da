import type { Metadata } from 'next';
import { requireMerchant, recoveryCodesLeft, twoFactorEnabled } from '@/lib/auth';
import { ROLE_LABELS } from '@/lib/auth/permissions';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { signOutEverywhereAction } from '../actions';
import { ChangePasswordForm } from './change-password-form';
import { DisableTwoFactor, EnableTwoFactor } from './two-factor-panel';
import { NotificationsSection } from './notifications-section';

export const metadata: Metadata = { title: 'Minha conta' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AccountPage({ searchParams }: Props) {
  const merchant = await requireMerchant('/dashboard/conta');
  const required = (await searchParams).exigido === '1';
  const enabled = await twoFactorEnabled(merchant.id);
  const codesLeft = enabled ? await recoveryCodesLeft(merchant.id) : 0;
  return (
    <div className="stack">
      <h1>Minha conta</h1>
      <p className="muted">
        {merchant.name} · {merchant.email}
        {merchant.role ? ` · ${ROLE_LABELS[merchant.role]}` : ''}
      </p>
      <NotificationsSection userId={merchant.id} role={merchant.role} />
      <section className="card stack" aria-labelledby="alterar-senha">
        <h2 id="alterar-senha">Alterar senha</h2>
        <p className="muted small">Ao alterar, todas as sessões abertas desta conta terminam, nesta e em outros aparelhos; entre de novo com a nova senha.</p>
        <PermissionGate role={merchant.role} permission="account:edit">
          <ChangePasswordForm />
        </PermissionGate>
      </section>
      <section className="card stack" aria-labelledby="duas-etapas">
        <h2 id="duas-etapas">Verificação em duas etapas</h2>
        {required && !enabled ? (
          <p className="alert alert-info" role="status">
            A loja exige a verificação em duas etapas de quem reembolsa ou altera configurações. Ative-a para continuar.
          </p>
        ) : null}
        <p className="muted small">
          Ao entrar, além da senha, o painel pede um código de 6 dígitos do seu aplicativo autenticador (Google Authenticator, Microsoft Authenticator,
          1Password…).
        </p>
        <PermissionGate role={merchant.role} permission="account:edit">
          {enabled ? (
            <>
              <p data-testid="two-factor-on">Ativada. Códigos de recuperação ainda não usados: {codesLeft}.</p>
              <DisableTwoFactor />
            </>
          ) : (
            <EnableTwoFactor />
          )}
        </PermissionGate>
      </section>
      <section className="card stack" aria-labelledby="sessoes-titulo">
        <h2 id="sessoes-titulo">Sessões</h2>
        <p className="muted">
          Encerra a sessão neste aparelho e em todos os outros em que você entrou no painel. Use se perdeu um celular ou entrou num
          computador que não é seu.
        </p>
        <PermissionGate role={merchant.role} permission="account:edit">
          <form action={signOutEverywhereAction}>
            <button type="submit" className="btn btn-secondary">
              Sair de todos os dispositivos
            </button>
          </form>
        </PermissionGate>
      </section>
    </div>
  );
}
