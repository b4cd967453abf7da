import type { Metadata } from 'next';
import { requireMerchant, twoFactorRequired } from '@/lib/auth';
import { can, roleOf, ROLE_LABELS } from '@/lib/auth/permissions';
import { listTeam, TEAM_MESSAGES } from '@/lib/accounts/team';
import { formatDateTimeBR } from '@balcao/br/dates';
import { ActionForm } from '@/app/(merchant)/dashboard/_components/action-form';
import { PermissionNote } from '@/app/(merchant)/dashboard/_components/permission-note';
import { SettingsTabs } from '../settings-tabs';
import { InviteForm } from './invite-form';
import { cancelInvitationAction, removeMemberAction, twoFactorRequirementAction } from './actions';
import { RemoveMemberBody } from './remove-member-body';

/** An endpoint as this page names it: its origin (the path may hold the receiver's secret token). */
const originOf = (url: string) => (URL.canParse(url) ? new URL(url).origin : url);

export const metadata: Metadata = { title: 'Equipe · Configurações' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const count = (v: string | string[] | undefined) => (typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : 0);

/** What the last removal or cancellation did (its row left the page, so the page says it). */
function noticeOf(params: Record<string, string | string[] | undefined>): string | null {
  if (params.removido === '1') return TEAM_MESSAGES.removedNotice(count(params.chaves), count(params.endpoints));
  if (params.convite === 'cancelado') return TEAM_MESSAGES.invitationCanceledNotice;
  return null;
}

export default async function TeamPage({ searchParams }: Props) {
  const merchant = await requireMerchant('/dashboard/settings/equipe');
  const notice = noticeOf(await searchParams);
  const manages = can(merchant.role, 'people:manage');
  const { members, invitations } = manages ? await listTeam() : { members: [], invitations: [] };
  const required = manages ? await twoFactorRequired() : false;
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="team" />
      {notice ? (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      ) : null}
      {!manages ? (
        <PermissionNote role={merchant.role} permission="people:manage" />
      ) : (
        <>
          <section className="card stack" aria-labelledby="convidar">
            <h2 id="convidar">Convidar pessoa</h2>
            <p className="muted small">A pessoa recebe um link por e-mail para escolher nome e senha. O link vale por 7 dias e funciona uma vez.</p>
            <InviteForm />
          </section>
          <section className="card stack" aria-labelledby="pessoas">
            <h2 id="pessoas">Equipe</h2>
            <ul className="stack" data-testid="team-list">
              {members.map((m) => {
                const role = roleOf(m.role);
                return (
                  <li key={m.id} className="stack" data-testid="team-member">
                    <p>
                      <strong>{m.name}</strong> · {m.email} · {role ? ROLE_LABELS[role] : m.role}
                      {m.id === merchant.id ? ' (você)' : ''}
                    </p>
                    {m.keys.length + m.endpoints.length > 0 ? (
                      <p className="small muted" data-testid="member-integrations">
                        {[
                          m.keys.length ? `Chaves de API: ${m.keys.map((k) => `“${k.name}”`).join(', ')}` : '',
                          m.endpoints.length ? `Endpoints: ${m.endpoints.map((e) => originOf(e.url)).join(', ')}` : '',
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                    ) : null}
                    {m.id !== merchant.id ? (
                      <ActionForm
                        action={removeMemberAction}
                        fields={{ userId: String(m.id), ...(m.keys.length + m.endpoints.length > 0 ? { integrationsAsked: '1' } : {}) }}
                        label="Remover acesso"
                        pendingLabel="Removendo…"
                        className="btn btn-danger"
                        confirm={{
                          title: 'Remover o acesso?',
                          body: <RemoveMemberBody email={m.email} keys={m.keys.map((k) => k.name)} endpoints={m.endpoints.map((e) => originOf(e.url))} />,
                          confirmLabel: 'Sim, remover acesso',
                          confirmClassName: 'btn btn-danger',
                        }}
                      />
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <h3>Verificação em duas etapas</h3>
            <p className="small muted">
              {required
                ? 'Exigida de quem reembolsa ou altera configurações (Donos e Gerentes): quem ainda não ativou é levado a Minha conta ao entrar.'
                : 'Opcional para cada pessoa. Você pode exigi-la de quem reembolsa ou altera configurações (Donos e Gerentes).'}
            </p>
            <ActionForm
              action={twoFactorRequirementAction}
              fields={{ require: required ? '0' : '1' }}
              label={required ? 'Deixar de exigir' : 'Exigir verificação em duas etapas'}
              pendingLabel="Salvando…"
            />
            {invitations.length > 0 ? (
              <>
                <h3>Convites pendentes</h3>
                <ul>
                  {invitations.map((i) => (
                    <li key={i.id} className="stack" data-testid="pending-invitation">
                      <p>
                        {i.email} · {i.role ? ROLE_LABELS[i.role] : ''} · vale até {formatDateTimeBR(i.expiresAt)}
                      </p>
                      <ActionForm
                        action={cancelInvitationAction}
                        fields={{ invitationId: i.id }}
                        label="Cancelar convite"
                        pendingLabel="Cancelando…"
                        confirm={{
                          title: 'Cancelar o convite?',
                          body: <p>O link enviado para {i.email} deixa de funcionar.</p>,
                          confirmLabel: 'Sim, cancelar convite',
                          confirmClassName: 'btn btn-danger',
                        }}
                      />
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        </>
      )}
    </div>
  );
}
