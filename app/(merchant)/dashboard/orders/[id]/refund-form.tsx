'use client';

import { startTransition, useActionState, useRef, useState } from 'react';
import { MoneyInput } from '@/app/_components/masked-input';
import { parseRefundForm, REFUND_DESCRIPTION_MAX, type RefundFieldErrors, REFUND_REASON_LABELS, REFUND_REASONS } from '@/lib/payments/forms';
import { formatBRL } from '@balcao/br/money';
import { ActionResult } from '../../_components/action-result';
import { ConfirmDialog } from '../../_components/confirm-dialog';
import { refundOrderAction } from '../../actions';
import styles from './order.module.css';

/**
 * "Reembolsar" a paid Pix: amount (default the total), reason, description; checked here,
 * then a confirmation dialog with the amount in R$, then the server action (which checks
 * everything again). One refund per order: the use-case holds the lock.
 */
export function RefundForm({ orderId, totalCents, defaultAmount, available }: { orderId: string; totalCents: number; defaultAmount: string; available: boolean }) {
  const [state, formAction, pending] = useActionState(refundOrderAction, null);
  const [clientErrors, setClientErrors] = useState<RefundFieldErrors>({});
  const [confirmCents, setConfirmCents] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const serverErrors = (state && !state.ok ? state.fieldErrors : undefined) as RefundFieldErrors | undefined;
  const errors: RefundFieldErrors = { ...serverErrors, ...clientErrors };

  if (!available && !state) return null;

  function review() {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const parsed = parseRefundForm({ amount: data.get('amount'), reason: data.get('reason'), description: data.get('description') }, totalCents);
    if (!parsed.ok) {
      setClientErrors(parsed.fieldErrors);
      const first = (['amount', 'reason', 'description'] as const).find((f) => parsed.fieldErrors[f]);
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setClientErrors({});
    setConfirmCents(parsed.value.amountCents);
  }

  const describedBy = (field: keyof RefundFieldErrors, hint?: string) =>
    [hint, errors[field] ? `refund-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <section aria-labelledby="refund-title" className={styles.refund}>
      <h3 id="refund-title">Reembolso</h3>
      {available ? (
        <form
          ref={formRef}
          onSubmit={(event) => {
            // Submitted by hand (no automatic form reset: a refused refund keeps what was typed).
            event.preventDefault();
            // Enter in a field must not skip the confirmation: only the dialog's button submits.
            if (confirmCents === null) return review();
            setConfirmCents(null);
            const data = new FormData(event.currentTarget);
            startTransition(() => formAction(data));
          }}
          className="form-grid"
          noValidate
        >
          <input type="hidden" name="orderId" value={orderId} />
          <div className="field">
            <label htmlFor="refund-amount">Valor</label>
            <div className={styles.money}>
              <span aria-hidden="true">R$</span>
              <MoneyInput
                id="refund-amount"
                name="amount"
                defaultValue={defaultAmount}
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={describedBy('amount', 'refund-amount-hint')}
              />
            </div>
            <p id="refund-amount-hint" className="field-hint">
              Até {formatBRL(totalCents)}. Um valor menor faz um reembolso parcial; só é possível reembolsar uma vez.
            </p>
            {errors.amount ? (
              <p id="refund-amount-error" className="field-error">
                {errors.amount}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="refund-reason">Motivo</label>
            <select id="refund-reason" name="reason" defaultValue="3" aria-invalid={errors.reason ? true : undefined} aria-describedby={describedBy('reason')}>
              {REFUND_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REFUND_REASON_LABELS[r]}
                </option>
              ))}
            </select>
            {errors.reason ? (
              <p id="refund-reason-error" className="field-error">
                {errors.reason}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="refund-description">Descrição</label>
            <textarea
              id="refund-description"
              name="description"
              rows={2}
              maxLength={REFUND_DESCRIPTION_MAX}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describedBy('description', 'refund-description-hint')}
            />
            <p id="refund-description-hint" className="field-hint">
              Vai para o provedor de pagamentos (até {REFUND_DESCRIPTION_MAX} caracteres).
            </p>
            {errors.description ? (
              <p id="refund-description-error" className="field-error">
                {errors.description}
              </p>
            ) : null}
          </div>
          <div>
            <button type="button" className="btn" onClick={review} disabled={pending}>
              {pending ? 'Reembolsando…' : 'Reembolsar'}
            </button>
          </div>
          <ConfirmDialog
            open={confirmCents !== null}
            onClose={() => setConfirmCents(null)}
            title="Confirmar reembolso"
            confirmLabel="Confirmar reembolso"
            pending={pending}
          >
            <p>
              Devolver <strong data-testid="refund-confirm-amount">{confirmCents !== null ? formatBRL(confirmCents) : ''}</strong> ao comprador por
              Pix{confirmCents !== null && confirmCents < totalCents ? ` (reembolso parcial de um total de ${formatBRL(totalCents)})` : ''}?
            </p>
            <p className="small muted">Cada pedido pode ser reembolsado uma única vez. Isso não pode ser desfeito.</p>
          </ConfirmDialog>
        </form>
      ) : null}
      <ActionResult state={state} />
    </section>
  );
}
