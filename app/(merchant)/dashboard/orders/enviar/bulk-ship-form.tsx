'use client';

import { useActionState } from 'react';
import { plural } from '@balcao/br/plural';
import { CORREIOS, KNOWN_CARRIERS } from '@/lib/fulfilment/tracking';
import { shipSelectedAction } from '../../bulk-actions';
import styles from '../orders.module.css';

import type { SelectedOrder } from '../selected-orders';

export type BulkShipOrder = SelectedOrder;

const KIND_LABEL = { applied: 'Enviado', unchanged: 'Já enviado com este código', refused: 'Recusado' } as const;

/**
 * The selected orders, a "Código de rastreio" each and one "Transportadora": a plain form
 * (works without JavaScript). A bad code is said beside its own field and nothing is applied;
 * once applied, each order says what happened to it.
 */
export function BulkShipForm({ orders }: { orders: BulkShipOrder[] }) {
  const [state, formAction, pending] = useActionState(shipSelectedAction, null);
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  const typed = state && !state.ok ? state.values : undefined;
  const report = state && state.ok && 'report' in state ? state.report : null;
  const outcome = new Map(report?.lines.map((l) => [l.orderId, l]));
  const describedBy = (name: string) => (errors[name] ? `${name}-error` : undefined);

  return (
    <div className="stack">
      <div aria-live="polite">
        {state?.ok === false ? (
          <p className="alert alert-error" role="alert">
            {state.error}
          </p>
        ) : null}
        {state?.ok && report ? (
          <p className={report.refused ? 'alert alert-warning' : 'alert alert-success'} role="status" data-testid="bulk-ship-result">
            {state.message}
          </p>
        ) : null}
      </div>
      <form key={state?.at ?? 0} action={formAction} className="card stack" noValidate>
        <p className="small muted">{plural(orders.length, 'pedido selecionado', 'pedidos selecionados')}. Informe o código de rastreio de cada um.</p>
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
        <ol className={styles.bulkShipList}>
          {orders.map((o) => {
            const name = `codigo-${o.id}`;
            const done = outcome.get(o.id);
            return (
              <li key={o.id} className="field">
                <input type="hidden" name="pedido" value={o.id} />
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
                  defaultValue={typed?.[name] ?? done?.code ?? ''}
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
            {pending ? 'Enviando…' : 'Confirmar envios'}
          </button>
        </div>
      </form>
    </div>
  );
}
