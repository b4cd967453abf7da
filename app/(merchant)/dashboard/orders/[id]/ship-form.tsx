'use client';

import { useActionState } from 'react';
import { CORREIOS, KNOWN_CARRIERS, knownCarrier } from '@/lib/fulfilment/moves';
import { ActionResult } from '../../_components/action-result';
import { correctTrackingAction, shipOrderAction } from '../../fulfilment-actions';

type Initial = { carrier: string; code: string; urlTemplate: string };

/**
 * "Marcar como enviado" (or "Corrigir rastreio"): the carrier, the tracking code and, for a
 * carrier other than the Correios, a link template. A plain form (works without JavaScript);
 * the server checks the code and keeps what was typed next to its error. With `knownCarriersOnly`
 * (the reason, for a role without 'fulfilment:tracking-links': the public demo's shared login)
 * the carrier is picked from the list and there is no link field; the server holds the same
 * rule (fulfilment-actions.ts).
 */
export function ShipForm({
  orderId,
  mode,
  initial,
  available,
  knownCarriersOnly = null,
}: {
  orderId: string;
  mode: 'ship' | 'correct';
  initial?: Initial;
  available: boolean;
  knownCarriersOnly?: string | null;
}) {
  const [state, formAction, pending] = useActionState(mode === 'ship' ? shipOrderAction : correctTrackingAction, null);
  if (!available && !state) return null;
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  const typed = state && !state.ok ? state.values : undefined;
  const id = (name: string) => `${mode}-${name}`;
  const described = (name: string, hint: boolean) => [hint ? `${id(name)}-hint` : null, errors[name] ? `${id(name)}-error` : null].filter(Boolean).join(' ') || undefined;
  const value = (name: keyof Initial, fallback: string) => typed?.[name] ?? initial?.[name] ?? fallback;
  const title = mode === 'ship' ? 'Marcar como enviado' : 'Corrigir rastreio';

  return (
    <section aria-labelledby={id('title')} className="stack">
      <h3 id={id('title')}>{title}</h3>
      {available ? (
        // Keyed on the result: a refused submit re-renders the fields with what was typed.
        <form key={state?.at ?? 0} action={formAction} className="form-grid" noValidate>
          <input type="hidden" name="orderId" value={orderId} />
          <div className="field">
            <label htmlFor={id('carrier')}>Transportadora</label>
            {knownCarriersOnly ? (
              <select
                id={id('carrier')}
                name="carrier"
                defaultValue={knownCarrier(value('carrier', CORREIOS)) ?? CORREIOS}
                required
                aria-invalid={errors.carrier ? true : undefined}
                aria-describedby={described('carrier', false)}
              >
                {KNOWN_CARRIERS.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            ) : (
              <>
                <input
                  id={id('carrier')}
                  name="carrier"
                  list={id('carriers')}
                  defaultValue={value('carrier', CORREIOS)}
                  autoComplete="off"
                  required
                  aria-invalid={errors.carrier ? true : undefined}
                  aria-describedby={described('carrier', false)}
                />
                <datalist id={id('carriers')}>
                  {KNOWN_CARRIERS.map((c) => (
                    <option key={c} value={c} />
                  ))}
                </datalist>
              </>
            )}
            {errors.carrier ? (
              <p id={`${id('carrier')}-error`} className="field-error">
                {errors.carrier}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor={id('code')}>Código de rastreio</label>
            <input
              id={id('code')}
              name="code"
              defaultValue={value('code', '')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={described('code', true)}
            />
            <p id={`${id('code')}-hint`} className="field-hint">
              Correios: 13 caracteres, como AB123456785BR.
            </p>
            {errors.code ? (
              <p id={`${id('code')}-error`} className="field-error">
                {errors.code}
              </p>
            ) : null}
          </div>
          {knownCarriersOnly ? (
            <p className="small muted" data-testid="tracking-link-note">
              {knownCarriersOnly}
            </p>
          ) : (
            <div className="field">
              <label htmlFor={id('urlTemplate')}>Link de rastreio (outras transportadoras)</label>
              <input
                id={id('urlTemplate')}
                name="urlTemplate"
                type="url"
                inputMode="url"
                defaultValue={value('urlTemplate', '')}
                autoComplete="off"
                aria-invalid={errors.urlTemplate ? true : undefined}
                aria-describedby={described('urlTemplate', true)}
              />
              <p id={`${id('urlTemplate')}-hint`} className="field-hint">
                Opcional. Use {'{codigo}'} onde entra o código, como https://transportadora.com.br/rastreio?c={'{codigo}'}. Nos Correios o link é
                automático.
              </p>
              {errors.urlTemplate ? (
                <p id={`${id('urlTemplate')}-error`} className="field-error">
                  {errors.urlTemplate}
                </p>
              ) : null}
            </div>
          )}
          <div>
            <button type="submit" className={mode === 'ship' ? 'btn' : 'btn btn-secondary'} disabled={pending} aria-disabled={pending}>
              {pending ? 'Salvando…' : mode === 'ship' ? 'Confirmar envio' : 'Salvar correção'}
            </button>
          </div>
        </form>
      ) : null}
      <ActionResult state={state} />
    </section>
  );
}
