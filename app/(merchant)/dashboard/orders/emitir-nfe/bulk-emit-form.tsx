'use client';

import { useActionState } from 'react';
import { plural } from '@balcao/br/plural';
import { emitSelectedAction } from '../../bulk-actions';
import type { SelectedOrder } from '../selected-orders';
import styles from '../orders.module.css';

const KIND_LABEL = { applied: 'NF-e enviada ao Bling', unchanged: 'Já tinha NF-e', refused: 'Recusado' } as const;

/**
 * The selected orders and "Emitir NF-e": a plain form (works without JavaScript). Once sent,
 * each order says what happened to it; only paid orders receive an NF-e.
 */
export function BulkEmitForm({ orders }: { orders: SelectedOrder[] }) {
  const [state, formAction, pending] = useActionState(emitSelectedAction, null);
  const report = state && state.ok && 'report' in state ? state.report : null;
  const outcome = new Map(report?.lines.map((l) => [l.orderId, l]));
  return (
    <div className="stack">
      <div aria-live="polite">
        {state?.ok === false ? (
          <p className="alert alert-error" role="alert">
            {state.error}
          </p>
        ) : null}
        {state?.ok && report ? (
          <p className={report.refused ? 'alert alert-warning' : 'alert alert-success'} role="status" data-testid="bulk-nfe-result">
            {state.message}
          </p>
        ) : null}
      </div>
      <form action={formAction} className="card stack">
        <p className="small muted">{plural(orders.length, 'pedido selecionado', 'pedidos selecionados')}. Só pedidos pagos recebem NF-e; cada pedido recebe uma só.</p>
        <ol className={styles.bulkShipList}>
          {orders.map((o) => {
            const done = outcome.get(o.id);
            return (
              <li key={o.id}>
                <input type="hidden" name="pedido" value={o.id} />
                <span className="mono">{o.label}</span> · {o.buyer}
                {o.items ? <span className="small muted"> · {o.items}</span> : null}
                {done ? (
                  <p className={`small ${done.kind === 'refused' ? 'field-error' : ''}`}>
                    {KIND_LABEL[done.kind]}
                    {done.kind === 'refused' ? `: ${done.message}` : ''}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        <div>
          <button type="submit" className="btn" disabled={pending}>
            {pending ? 'Emitindo…' : 'Emitir NF-e'}
          </button>
        </div>
      </form>
    </div>
  );
}
