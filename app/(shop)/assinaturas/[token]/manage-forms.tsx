import type { SubscriptionStatus } from '@/db/schema';
import { subscriptionFormAction } from './actions';

type Props = { token: string; status: SubscriptionStatus; method: 'pix' | 'boleto'; confirmCancel: boolean };

/** "Pausar assinatura" (1 to 3 deliveries), "Retomar", "Cancelar assinatura" (confirmed on a second step), the payment method. Plain forms. */
export function ManageForms({ token, status, method, confirmCancel }: Props) {
  return (
    <section className="card stack" aria-labelledby="gerenciar">
      <h2 id="gerenciar">Gerenciar</h2>
      {status === 'active' ? (
        <form action={subscriptionFormAction} className="stack">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="action" value="pause" />
          <div className="field">
            <label htmlFor="cycles">Pausar por</label>
            <select id="cycles" name="cycles" defaultValue="1">
              <option value="1">1 entrega</option>
              <option value="2">2 entregas</option>
              <option value="3">3 entregas</option>
            </select>
          </div>
          <button className="btn btn-secondary" type="submit">
            Pausar assinatura
          </button>
        </form>
      ) : null}
      {status === 'paused' || status === 'suspended' ? (
        <form action={subscriptionFormAction}>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="action" value="resume" />
          <button className="btn" type="submit">
            Retomar
          </button>
        </form>
      ) : null}
      <form action={subscriptionFormAction} className="stack">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="action" value="method" />
        <fieldset className="plain-fieldset">
          <legend>Forma de pagamento das próximas entregas</legend>
          <label className="check">
            <input type="radio" name="method" value="pix" defaultChecked={method === 'pix'} /> Pix
          </label>
          <label className="check">
            <input type="radio" name="method" value="boleto" defaultChecked={method === 'boleto'} /> Boleto
          </label>
        </fieldset>
        <button className="btn btn-secondary" type="submit">
          Salvar forma de pagamento
        </button>
      </form>
      {confirmCancel ? (
        <form action={subscriptionFormAction} className="alert alert-warning stack">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="action" value="cancel" />
          <p>Cancelar a assinatura? Nenhuma nova cobrança será feita; uma cobrança em aberto também é cancelada.</p>
          <button className="btn btn-danger" type="submit">
            Confirmar cancelamento
          </button>
          <a href={`/assinaturas/${encodeURIComponent(token)}`}>Manter assinatura</a>
        </form>
      ) : (
        <p>
          <a className="btn btn-ghost" href={`/assinaturas/${encodeURIComponent(token)}?confirmar=cancelar`}>
            Cancelar assinatura
          </a>
        </p>
      )}
    </section>
  );
}
