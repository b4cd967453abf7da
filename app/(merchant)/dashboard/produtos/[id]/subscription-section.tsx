'use client';

import { useActionState } from 'react';
import { ActionResult } from '../../_components/action-result';
import { saveSubscriptionPlanAction } from './subscription-actions';
import styles from '../produtos.module.css';

export type PlanInitial = { enabled: boolean; intervalMonths: number; discountPercent: string; alsoOnce: boolean; subscribers: number };

/** The product's "Vender como assinatura": "Frequência", "Desconto na assinatura" (%), and whether it is also sold once. */
export function SubscriptionSection({ productId, initial }: { productId: number; initial: PlanInitial }) {
  const [state, formAction, pending] = useActionState(saveSubscriptionPlanAction, null);
  const error = state && !state.ok ? state.fieldErrors?.subscriptionDiscount : undefined;
  return (
    <section className="card stack" aria-labelledby="assinatura-titulo">
      <h2 id="assinatura-titulo">Assinatura</h2>
      <form action={formAction} className="stack">
        <input type="hidden" name="productId" value={productId} />
        <label className={styles.switch}>
          <input type="checkbox" name="subscriptionEnabled" defaultChecked={initial.enabled} />
          <span>Vender como assinatura</span>
        </label>
        <div className="field">
          <label htmlFor="subscriptionInterval">Frequência</label>
          <select id="subscriptionInterval" name="subscriptionInterval" defaultValue={String(initial.intervalMonths)}>
            <option value="1">Mensal</option>
            <option value="2">A cada 2 meses</option>
            <option value="3">A cada 3 meses</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="subscriptionDiscount">Desconto na assinatura (%)</label>
          <input id="subscriptionDiscount" name="subscriptionDiscount" inputMode="decimal" defaultValue={initial.discountPercent} aria-invalid={error ? true : undefined} aria-describedby={error ? 'subscriptionDiscount-error' : undefined} />
          {error ? (
            <p className="field-error" id="subscriptionDiscount-error">
              {error}
            </p>
          ) : null}
        </div>
        <label className={styles.switch}>
          <input type="checkbox" name="subscriptionAlsoOnce" defaultChecked={initial.alsoOnce} />
          <span>Vender também avulso (“Comprar uma vez”)</span>
        </label>
        {initial.subscribers > 0 ? (
          <label className={styles.switch}>
            <input type="checkbox" name="applyToSubscribers" />
            <span>
              Aplicar o preço atual às {initial.subscribers} assinaturas em andamento (cada assinante é avisado por e-mail e o novo valor vale a partir da próxima cobrança)
            </span>
          </label>
        ) : null}
        <p className="small muted">Cada entrega é um pedido pago com Pix ou boleto, enviado por e-mail antes da data. Sem cartão e sem débito automático.</p>
        <ActionResult state={state} />
        <div className="row">
          <button type="submit" className="btn btn-secondary" disabled={pending} aria-disabled={pending}>
            {pending ? 'Salvando…' : 'Salvar assinatura'}
          </button>
        </div>
      </form>
    </section>
  );
}
