'use client';

import { useActionState, useEffect, useRef } from 'react';
import { OUTBOUND_EVENT_TYPES, type OutboundEventType } from '@/lib/outbound-events/event-types';
import { createEndpointAction, type EndpointCreatedState } from './actions';
import { ShownOnceSecret } from './shown-once-secret';
import styles from '../settings.module.css';

const EVENT_LABELS: Record<OutboundEventType, string> = {
  'order.paid': 'order.paid — pedido pago',
  'order.refunded': 'order.refunded — reembolsado',
  'order.canceled': 'order.canceled — cancelado',
  'order.expired': 'order.expired — expirado',
  'order.fulfilled': 'order.fulfilled — enviado ou retirado',
  'checkout.abandoned': 'checkout.abandoned — carrinho abandonado',
};

/** "Adicionar endpoint": "URL" and "Eventos"; the signing secret comes back once. */
export function EndpointForm() {
  const [state, formAction, pending] = useActionState<EndpointCreatedState, FormData>(createEndpointAction, null);
  const failed = state && !state.ok ? state : null;
  const secret = state && state.ok && 'secret' in state ? state.secret : null;
  const errors = failed?.fieldErrors ?? {};
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (failed) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failed]);

  return (
    <form ref={formRef} action={formAction} noValidate className="card stack">
      <h3>Novo endpoint</h3>
      {failed && Object.keys(errors).length === 0 ? (
        <p className="alert alert-error" role="alert">
          {failed.error}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="endpoint-url">URL</label>
        <input
          id="endpoint-url"
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          defaultValue={failed?.values?.url ?? ''}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? 'endpoint-url-erro endpoint-url-dica' : 'endpoint-url-dica'}
        />
        {errors.url ? (
          <p id="endpoint-url-erro" className="field-error">
            {errors.url}
          </p>
        ) : null}
        <p id="endpoint-url-dica" className="field-hint">
          O endereço do seu servidor que recebe os eventos, como https://sualoja.com.br/webhooks/balcao.
        </p>
      </div>
      <fieldset className="field" aria-describedby={errors.events ? 'endpoint-events-erro' : undefined}>
        <legend>Eventos</legend>
        {OUTBOUND_EVENT_TYPES.map((type) => (
          <div key={type} className={styles.switch}>
            <input type="checkbox" id={`event-${type}`} name="events" value={type} defaultChecked={type === 'order.paid'} />
            <label htmlFor={`event-${type}`}>{EVENT_LABELS[type]}</label>
          </div>
        ))}
        {errors.events ? (
          <p id="endpoint-events-erro" className="field-error">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      <div>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Adicionando…' : 'Adicionar endpoint'}
        </button>
      </div>
      <ShownOnceSecret id="endpoint-secret" label="Segredo de assinatura" message={state?.ok ? state.message : undefined} secret={secret} />
    </form>
  );
}
