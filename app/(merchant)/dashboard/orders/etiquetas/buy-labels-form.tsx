'use client';

import { useActionState } from 'react';
import { buyLabelsAction } from '../../label-actions';
import { BulkConfirmForm } from '../bulk-confirm-form';
import type { SelectedOrder } from '../selected-orders';

/**
 * The selected orders and one "Comprar etiquetas": each label is bought with the service the
 * shopper chose, from the Melhor Envio balance, one order after the other; then each order says
 * its tracking code or why not (works without JavaScript).
 */
export function BuyLabelsForm({ orders }: { orders: SelectedOrder[] }) {
  const run = useActionState(buyLabelsAction, null);
  const [state] = run;
  const results = state?.ok && 'results' in state ? state.results : null;
  const outcome = results && {
    refused: results.some((r) => !r.ok),
    lines: new Map(results.map((r) => [r.orderId, { refused: !r.ok, text: r.ok ? `${r.message} Código ${r.code}.` : `Recusado: ${r.error}` }])),
  };
  return (
    <BulkConfirmForm
      run={run}
      outcome={outcome}
      orders={orders}
      orderField="orderId"
      resultTestId="buy-labels-result"
      intro="Cada etiqueta é comprada no serviço que o comprador escolheu e paga com o saldo do Melhor Envio; o código de rastreio marca o pedido como enviado."
      submitLabel="Comprar etiquetas"
      pendingLabel="Comprando…"
    />
  );
}
