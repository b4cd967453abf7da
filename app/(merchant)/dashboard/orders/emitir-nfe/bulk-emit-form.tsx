'use client';

import { useActionState } from 'react';
import { emitSelectedAction } from '../../bulk-actions';
import { BulkConfirmForm, reportOutcome } from '../bulk-confirm-form';
import type { SelectedOrder } from '../selected-orders';

const KIND_LABEL = { applied: 'NF-e enviada ao Bling', unchanged: 'Já tinha NF-e', refused: 'Recusado' } as const;

/**
 * The selected orders and "Emitir NF-e": a plain form (works without JavaScript). Once sent,
 * each order says what happened to it; only paid orders receive an NF-e.
 */
export function BulkEmitForm({ orders }: { orders: SelectedOrder[] }) {
  const run = useActionState(emitSelectedAction, null);
  const [state] = run;
  const report = state && state.ok && 'report' in state ? state.report : null;
  return (
    <BulkConfirmForm
      run={run}
      outcome={reportOutcome(report, KIND_LABEL)}
      orders={orders}
      orderField="pedido"
      resultTestId="bulk-nfe-result"
      intro="Só pedidos pagos recebem NF-e; cada pedido recebe uma só."
      submitLabel="Emitir NF-e"
      pendingLabel="Emitindo…"
    />
  );
}
