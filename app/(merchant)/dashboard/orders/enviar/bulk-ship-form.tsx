'use client';

import { useActionState } from 'react';
import { CORREIOS, KNOWN_CARRIERS } from '@/lib/fulfilment/moves';
import { shipSelectedAction } from '../../bulk-actions';
import { BulkConfirmForm, reportOutcome } from '../bulk-confirm-form';

import type { SelectedOrder } from '../selected-orders';

export type BulkShipOrder = SelectedOrder;

const KIND_LABEL = { applied: 'Enviado', unchanged: 'Já enviado com este código', refused: 'Recusado' } as const;

/**
 * The selected orders, a "Código de rastreio" each and one "Transportadora": a plain form
 * (works without JavaScript). A bad code is said beside its own field and nothing is applied;
 * once applied, each order says what happened to it.
 */
export function BulkShipForm({ orders }: { orders: BulkShipOrder[] }) {
  const run = useActionState(shipSelectedAction, null);
  const [state] = run;
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  const typed = state && !state.ok ? state.values : undefined;
  const report = state && state.ok && 'report' in state ? state.report : null;
  const codes = new Map(report?.lines.map((l) => [l.orderId, l.code]));
  const describedBy = (name: string) => (errors[name] ? `${name}-error` : undefined);

  const carrier = (
    <div className="field">
      <label htmlFor="transportadora">Transportadora</label>
      <select
        id="transportadora"
        name="transportadora"
        defaultValue={typed?.transportadora ?? CORREIOS}
        aria-invalid={errors.transportadora ? true : undefined}
        aria-describedby={describedBy('transportadora')}
      >
        {KNOWN_CARRIERS.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      {errors.transportadora ? (
        <p id="transportadora-error" className="field-error">
          {errors.transportadora}
        </p>
      ) : null}
    </div>
  );

  const codeField = (o: SelectedOrder) => {
    const name = `codigo-${o.id}`;
    return (
      <>
        <label htmlFor={name}>
          Código de rastreio do pedido <span className="mono">{o.label}</span>
        </label>
        <p className="field-hint" id={`${name}-hint`}>
          {o.buyer}
          {o.items ? ` · ${o.items}` : ''}
        </p>
        <input
          id={name}
          name={name}
          defaultValue={typed?.[name] ?? codes.get(o.id) ?? ''}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={[`${name}-hint`, errors[name] ? `${name}-error` : null].filter(Boolean).join(' ')}
        />
        {errors[name] ? (
          <p id={`${name}-error`} className="field-error">
            {errors[name]}
          </p>
        ) : null}
      </>
    );
  };

  return (
    <BulkConfirmForm
      run={run}
      outcome={reportOutcome(report, KIND_LABEL)}
      orders={orders}
      orderField="pedido"
      resultTestId="bulk-ship-result"
      intro="Informe o código de rastreio de cada um."
      submitLabel="Confirmar envios"
      pendingLabel="Enviando…"
      formKey={state?.at ?? 0}
      noValidate
      before={carrier}
      itemClassName="field"
      renderOrder={codeField}
    />
  );
}
