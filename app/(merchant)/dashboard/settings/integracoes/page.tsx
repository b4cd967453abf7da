import type { Metadata } from 'next';
import Link from 'next/link';
import { formatDateTimeBR } from '@balcao/br/dates';
import { requireMerchant } from '@/lib/auth/session';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { currentKeyMode, listApiKeys, ORDER_SCOPE_LABELS } from '@/lib/public-api/keys';
import { listEndpoints, recentAttempts } from '@/lib/outbound-events/webhook-endpoints';
import { PermissionGate, PermissionNote } from '@/app/(merchant)/dashboard/_components/permission-note';
import { ActionForm } from '@/app/(merchant)/dashboard/_components/action-form';
import { SettingsTabs } from '../settings-tabs';
import { ApiKeyForm } from './api-key-form';
import { revokeApiKeyAction, sendTestAction, toggleEndpointAction } from './actions';
import { EndpointForm } from './endpoint-form';
import { PixelSection } from './pixel-section';
import { ConnectedServices } from './connected-services';

export const metadata: Metadata = { title: 'Integrações · Configurações' };
export const dynamic = 'force-dynamic';

export default async function IntegrationsPage() {
  const { role } = await requireMerchant('/dashboard/settings/integracoes');
  // Endpoint URLs may carry secret tokens: a role that does not manage integrations sees none of it.
  if (!can(role, 'integrations:manage')) {
    return (
      <div className="stack">
        <h1>Configurações</h1>
        <SettingsTabs current="integrations" />
        <PermissionNote role={role} permission="integrations:manage" />
      </div>
    );
  }
  const keys = await listApiKeys();
  const endpoints = await listEndpoints();
  const attempts = await recentAttempts(endpoints.map((e) => e.id), 20);
  const mode = currentKeyMode();
  const denied = can(role, 'integrations:manage') ? undefined : refusalMessage(role, 'integrations:manage');
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="integrations" />
      <ConnectedServices />
      <PixelSection />

      <h2 id="desenvolvedores">Para desenvolvedores</h2>
      <p className="muted">
        Use o Balcão como o checkout do seu site: o seu servidor cria uma sessão de pagamento pela API, o comprador paga na página do Balcão e o seu servidor
        recebe um webhook assinado. <Link href="/dashboard/settings/integracoes/guia">Guia da API</Link>
      </p>

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

      <section className="stack" aria-labelledby="webhooks">
        <h3 id="webhooks">Webhooks</h3>
        <p className="muted">
          O Balcão avisa o seu servidor quando um pedido muda: cada entrega é assinada (Standard Webhooks), repetida até 3 dias enquanto o seu servidor não
          responder 2xx, e pode chegar fora de ordem ou mais de uma vez (use o id do evento).
        </p>
        <PermissionGate role={role} permission="integrations:manage">
          <EndpointForm />
        </PermissionGate>
        {endpoints.length === 0 ? <p>Nenhum endpoint.</p> : null}
        {endpoints.map((e) => {
          const log = attempts.get(e.id) ?? [];
          return (
            <article key={e.id} className="card stack" aria-label={`Endpoint ${e.url}`}>
              <h4 className="mono">{e.url}</h4>
              <p className="small">
                {e.enabled ? 'Ativo' : 'Desativado'} · Eventos: {e.events.join(', ')}
                {e.createdByEmail ? ` · Adicionado por ${e.createdByEmail}` : ''}
              </p>
              <div className="row">
                <ActionForm action={sendTestAction} fields={{ id: e.id }} label="Enviar teste" pendingLabel="Enviando…" denied={denied} available={e.enabled} />
                <ActionForm
                  action={toggleEndpointAction}
                  fields={{ id: e.id, enabled: e.enabled ? 'false' : 'true' }}
                  label={e.enabled ? 'Desativar' : 'Ativar'}
                  pendingLabel="Salvando…"
                  denied={denied}
                />
              </div>
              {log.length === 0 ? (
                <p className="small muted">Nenhuma entrega ainda.</p>
              ) : (
                <div className="table-wrap" tabIndex={0} role="region" aria-label="Registro de entregas">
                  <table>
                    <caption>Registro de entregas</caption>
                    <thead>
                      <tr>
                        <th scope="col">Quando</th>
                        <th scope="col">Evento</th>
                        <th scope="col">Resposta</th>
                        <th scope="col">Duração</th>
                      </tr>
                    </thead>
                    <tbody>
                      {log.map((a, i) => (
                        <tr key={`${a.deliveryId}-${i}`}>
                          <td>{formatDateTimeBR(a.at)}</td>
                          <td className="mono">
                            {a.type} <span className="small muted">{a.eventId}</span>
                          </td>
                          <td>{a.statusCode !== null ? `HTTP ${a.statusCode}` : (a.error ?? '—')}</td>
                          <td>{a.durationMs} ms</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </article>
          );
        })}
      </section>
    </div>
  );
}
