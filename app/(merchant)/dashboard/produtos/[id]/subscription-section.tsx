'use client';

import { useState } from 'react';
import { useHydrated } from '@/app/_components/use-hydrated';
import { useEditorState } from '../editor-state';
import styles from '../produtos.module.css';

export type PlanInitial = { enabled: boolean; intervalMonths: number; discountPercent: string; alsoOnce: boolean; subscribers: number };

/**
 * The product's "Vender como assinatura": "Frequência", "Desconto na assinatura" (%), and whether
 * it is also sold once; in the editor's one form. With JavaScript the plan's fields show only
 * while the box is checked (hidden, still in the form: what was typed stays), as the digital block.
 */
export function SubscriptionSection({ initial }: { initial: PlanInitial }) {
  const { typed, errors } = useEditorState();
  const error = errors.subscriptionDiscount;
  const on = (name: string, initially: boolean) => (typed ? typed[name] === 'on' : initially);
  const [enabled, setEnabled] = useState(on('subscriptionEnabled', initial.enabled));
  // False on the server and in the first paint: without JavaScript every field stays visible.
  const js = useHydrated();
  return (
    <section className="card stack" aria-labelledby="assinatura-titulo">
      <h2 id="assinatura-titulo">Assinatura</h2>
      <div className="stack">
        <label className={styles.switch}>
          <input type="checkbox" name="subscriptionEnabled" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          <span>Vender como assinatura</span>
        </label>
        {/* A discount error shows even with the box unchecked: the field it names must be in sight. */}
        <div className="stack" hidden={js && !enabled && !error}>
          <div className="form-grid two">
            <div className="field">
              <label htmlFor="subscriptionInterval">Frequência</label>
              <select id="subscriptionInterval" name="subscriptionInterval" defaultValue={typed?.subscriptionInterval ?? String(initial.intervalMonths)}>
                <option value="1">Mensal</option>
                <option value="2">A cada 2 meses</option>
                <option value="3">A cada 3 meses</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="subscriptionDiscount">Desconto na assinatura (%)</label>
              <input id="subscriptionDiscount" name="subscriptionDiscount" inputMode="decimal" defaultValue={typed?.subscriptionDiscount ?? initial.discountPercent} aria-invalid={error ? true : undefined} aria-describedby={error ? 'subscriptionDiscount-error' : undefined} />
              {error ? (
                <p className="field-error" id="subscriptionDiscount-error">
                  {error}
                </p>
              ) : null}
            </div>
          </div>
          <label className={styles.switch}>
            <input type="checkbox" name="subscriptionAlsoOnce" defaultChecked={on('subscriptionAlsoOnce', initial.alsoOnce)} />
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
        </div>
        <p className="small muted">Cada entrega é um pedido pago com Pix ou boleto, enviado por e-mail antes da data. Sem cartão e sem débito automático.</p>
      </div>
    </section>
  );
}
