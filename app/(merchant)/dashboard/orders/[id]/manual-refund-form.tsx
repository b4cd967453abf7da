'use client';

import { useActionState } from 'react';
import { MoneyInput } from '@/app/_components/masked-input';
import { MANUAL_REFUND_REASON_MAX } from '@/lib/payments/forms';
import { formatBRL } from '@balcao/br/money';
import { ActionResult } from '../../_components/action-result';
import { manualRefundAction } from '../../fulfilment-actions';
import styles from './order.module.css';

/**
 * "Registrar reembolso manual" for a paid boleto: the API cannot refund one, so the merchant
 * pays it back by bank transfer and records here how much and why. No provider call.
 */
export function ManualRefundForm({ orderId, totalCents, defaultAmount, available }: { orderId: string; totalCents: number; defaultAmount: string; available: boolean }) {
  const [state, formAction, pending] = useActionState(manualRefundAction, null);
  // Once recorded the form goes away, and its result stays on screen.
  if (!available && !state) return null;
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  const typed = state && !state.ok ? state.values : undefined;
  const described = (name: string, hint: boolean) => [hint ? `manual-${name}-hint` : null, errors[name] ? `manual-${name}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <section aria-labelledby="manual-refund-title" className={styles.refund}>
      <h3 id="manual-refund-title">Registrar reembolso manual</h3>
      <p className="small muted">Boleto pago não tem reembolso pela API: devolva o valor ao comprador por transferência e registre aqui.</p>
      {!available || state?.ok ? null : (
        <form key={state?.at ?? 0} action={formAction} className="form-grid" noValidate>
          <input type="hidden" name="orderId" value={orderId} />
          <div className="field">
            <label htmlFor="manual-amount">Valor</label>
            <div className={styles.money}>
              <span aria-hidden="true">R$</span>
              <MoneyInput
                id="manual-amount"
                name="amount"
                defaultValue={typed?.amount ?? defaultAmount}
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={described('amount', true)}
              />
            </div>
            <p id="manual-amount-hint" className="field-hint">
              Até {formatBRL(totalCents)}. Nada é enviado ao provedor de pagamentos.
            </p>
            {errors.amount ? (
              <p id="manual-amount-error" className="field-error">
                {errors.amount}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="manual-reason">Motivo</label>
            <textarea
              id="manual-reason"
              name="reason"
              rows={2}
              maxLength={MANUAL_REFUND_REASON_MAX}
              defaultValue={typed?.reason ?? ''}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={described('reason', false)}
            />
            {errors.reason ? (
              <p id="manual-reason-error" className="field-error">
                {errors.reason}
              </p>
            ) : null}
          </div>
          <div>
            <button type="submit" className="btn btn-secondary" disabled={pending} aria-disabled={pending}>
              {pending ? 'Registrando…' : 'Registrar reembolso manual'}
            </button>
          </div>
        </form>
      )}
      <ActionResult state={state} />
    </section>
  );
}
