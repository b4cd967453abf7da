import type { Metadata } from 'next';
import { formatDateTimeBR } from '@balcao/br/dates';
import { requireMerchant } from '@/lib/auth/session';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { currentKeyMode, listApiKeys } from '@/lib/api/keys';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { ActionForm } from '@/app/(merchant)/dashboard/_components/action-form';
import { SettingsTabs } from '../settings-tabs';
import { ApiKeyForm } from './api-key-form';
import { revokeApiKeyAction } from './actions';

export const metadata: Metadata = { title: 'Integrações · Configurações' };
export const dynamic = 'force-dynamic';

export default async function IntegrationsPage() {
  const { role } = await requireMerchant('/dashboard/settings/integracoes');
  const keys = await listApiKeys();
  const mode = currentKeyMode();
  const denied = can(role, 'integrations:manage') ? undefined : refusalMessage(role, 'integrations:manage');
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="integrations" />
      <p className="muted">
        Use o Balcão como o checkout do seu site: o seu servidor cria uma sessão de pagamento pela API, o comprador paga na página do Balcão e o seu servidor
        recebe um webhook assinado. Guia em docs/api.md.
      </p>

      <section className="stack" aria-labelledby="chaves">
        <h2 id="chaves">Chaves de API</h2>
        <p className="muted">
          {mode === 'test'
            ? 'As chaves começam com bk_test_: esta instalação usa o sandbox, nenhum dinheiro de verdade se move.'
            : 'As chaves começam com bk_live_: esta instalação cobra de verdade.'}{' '}
          A chave aparece uma única vez; guardamos só uma impressão dela.
        </p>
        <PermissionGate role={role} permission="integrations:manage">
          <ApiKeyForm />
        </PermissionGate>
        {keys.length === 0 ? (
          <p>Nenhuma chave criada.</p>
        ) : (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Chaves de API</caption>
              <thead>
                <tr>
                  <th scope="col">Nome</th>
                  <th scope="col">Chave</th>
                  <th scope="col">Criada em</th>
                  <th scope="col">Último uso</th>
                  <th scope="col">Situação</th>
                </tr>
              </thead>
              <tbody>
                {keys.map((k) => (
                  <tr key={k.id}>
                    <td>{k.name}</td>
                    <td className="mono">
                      bk_{k.mode}_…{k.hint}
                    </td>
                    <td>{formatDateTimeBR(k.createdAt)}</td>
                    <td>{k.lastUsedAt ? formatDateTimeBR(k.lastUsedAt) : 'Nunca usada'}</td>
                    <td>
                      {k.revokedAt ? (
                        `Revogada em ${formatDateTimeBR(k.revokedAt)}`
                      ) : (
                        <ActionForm
                          action={revokeApiKeyAction}
                          fields={{ id: k.id }}
                          label="Revogar"
                          pendingLabel="Revogando…"
                          denied={denied}
                          confirm={{
                            title: `Revogar a chave “${k.name}”?`,
                            body: 'Os pedidos à API com esta chave passam a ser recusados na hora. Não dá para desfazer.',
                            confirmLabel: 'Revogar',
                            confirmClassName: 'btn btn-danger',
                          }}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
