'use client';

import { useActionState } from 'react';
import { plural } from '@balcao/br/plural';
import { buyLabelsAction } from '../../label-actions';
import type { SelectedOrder } from '../selected-orders';
import styles from '../orders.module.css';

/**
 * The selected orders and one "Comprar etiquetas": each label is bought with the service the
 * shopper chose, from the Melhor Envio balance, one order after the other; then each order says
 * its tracking code or why not (works without JavaScript).
 */
export function BuyLabelsForm({ orders }: { orders: SelectedOrder[] }) {
  const [state, formAction, pending] = useActionState(buyLabelsAction, null);
  const results = state?.ok && 'results' in state ? state.results : null;
  const outcome = new Map(results?.map((r) => [r.orderId, r]));
  const refusedCount = results?.filter((r) => !r.ok).length ?? 0;
  return (
    <div className="stack">
      <div aria-live="polite">
        {state?.ok === false ? (
          <p className="alert alert-error" role="alert">
            {state.error}
          </p>
        ) : null}
        {state?.ok && results ? (
          <p className={refusedCount ? 'alert alert-warning' : 'alert alert-success'} role="status" data-testid="buy-labels-result">
            {state.message}
          </p>
        ) : null}
      </div>
      <form action={formAction} className="card stack">
        <p className="small muted">
          {plural(orders.length, 'pedido selecionado', 'pedidos selecionados')}. Cada etiqueta é comprada no serviço que o comprador escolheu e paga com o saldo do
          Melhor Envio; o código de rastreio marca o pedido como enviado.
        </p>
        <ol className={styles.bulkShipList}>
          {orders.map((o) => {
            const done = outcome.get(o.id);
            return (
              <li key={o.id}>
                <input type="hidden" name="orderId" value={o.id} />
                <span className="mono">{o.label}</span> · {o.buyer}
                {o.items ? <span className="small muted"> · {o.items}</span> : null}
                {done ? (
                  <p className={`small ${done.ok ? '' : 'field-error'}`}>{done.ok ? `${done.message} Código ${done.code}.` : `Recusado: ${done.error}`}</p>
                ) : null}
              </li>
            );
          })}
        </ol>
        <div>
          <button type="submit" className="btn" disabled={pending}>
            {pending ? 'Comprando…' : 'Comprar etiquetas'}
          </button>
        </div>
      </form>
    </div>
  );
}
