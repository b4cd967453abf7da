/** "Webhooks": the endpoints, "Adicionar endpoint", and each one's switches and delivery log. */
import type { Role } from '@/lib/auth/permissions';
import type { AttemptView, EndpointView } from '@/lib/outbound-events/webhook-endpoints';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { ActionForm } from '@/app/(merchant)/dashboard/_components/action-form';
import { sendTestAction, toggleEndpointAction } from './actions';
import { EndpointForm } from './endpoint-form';
import { DeliveryLog } from './delivery-log';

type Props = { role: Role | null; endpoints: EndpointView[]; attempts: Map<string, AttemptView[]>; denied: string | undefined };

export function WebhooksSection({ role, endpoints, attempts, denied }: Props) {
  return (
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
      {endpoints.map((e) => (
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
          <DeliveryLog log={attempts.get(e.id) ?? []} />
        </article>
      ))}
    </section>
  );
}
