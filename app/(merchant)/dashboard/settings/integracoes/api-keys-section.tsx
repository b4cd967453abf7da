/** "Chaves de API": the keys made (never the key itself: its mode and last characters), "Criar chave" and "Revogar". */
import { formatDateTimeBR } from '@balcao/br/dates';
import type { Role } from '@/lib/auth/permissions';
import { ORDER_SCOPE_LABELS, type ApiKeyView } from '@/lib/public-api';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { ActionForm } from '@/app/(merchant)/dashboard/_components/action-form';
import { ApiKeyForm } from './api-key-form';
import { revokeApiKeyAction } from './actions';

type Props = { role: Role | null; keys: ApiKeyView[]; mode: 'test' | 'live'; denied: string | undefined };

export function ApiKeysSection({ role, keys, mode, denied }: Props) {
  return (
    <section className="stack" aria-labelledby="chaves">
      <h3 id="chaves">Chaves de API</h3>
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
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Chaves de API">
          <table>
            <caption className="visually-hidden">Chaves de API</caption>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Chave</th>
                <th scope="col">Pedidos</th>
                <th scope="col">Reembolsos</th>
                <th scope="col">Criada por</th>
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
                  <td>{ORDER_SCOPE_LABELS[k.orderScope]}</td>
                  <td>{k.allowRefunds ? 'Permitidos' : 'Não'}</td>
                  <td>{k.createdByEmail ?? '—'}</td>
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
  );
}
