'use client';

import { useActionState } from 'react';
import { ActionResult } from '../../_components/action-result';
import { saveOfferAction } from './offer-actions';

type Initial = { offered: string; price: string; text: string };

/**
 * The product's "Oferta no checkout": when it is in the cart, the checkout offers "Produto
 * oferecido" (a product or one variant) at "Preço na oferta", with "Texto da oferta". Its own
 * form and action: the product editor only places it.
 */
export function OfferSection({ productId, choices, initial }: { productId: number; choices: { value: string; label: string }[]; initial: Initial }) {
  const [state, formAction, pending] = useActionState(saveOfferAction, null);
  const failed = state && !state.ok ? state : null;
  const values = (failed?.values ?? initial) as Initial;
  const errors = (failed?.fieldErrors ?? {}) as Partial<Record<keyof Initial, string>>;
  const error = (k: keyof Initial) =>
    errors[k] ? (
      <p id={`oferta-${k}-erro`} className="field-error">
        {errors[k]}
      </p>
    ) : null;
  return (
    <section className="card stack" aria-labelledby="oferta-checkout-titulo">
      <h2 id="oferta-checkout-titulo">Oferta no checkout</h2>
      <p className="small muted">Quem compra este produto vê a oferta ao finalizar a compra e pode adicioná-la ao mesmo pedido e ao mesmo Pix.</p>
      <form action={formAction} className="stack" key={state?.ok ? state.at : 'form'}>
        <input type="hidden" name="productId" value={productId} />
        <div className="field">
          <label htmlFor="oferta-offered">Produto oferecido</label>
          <select id="oferta-offered" name="offered" defaultValue={values.offered} aria-invalid={errors.offered ? true : undefined} aria-describedby={errors.offered ? 'oferta-offered-erro' : undefined}>
            <option value="">Nenhum (sem oferta)</option>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          {error('offered')}
        </div>
        <div className="field">
          <label htmlFor="oferta-price">Preço na oferta</label>
          <input id="oferta-price" name="price" inputMode="decimal" defaultValue={values.price} aria-invalid={errors.price ? true : undefined} aria-describedby={errors.price ? 'oferta-price-erro' : undefined} autoComplete="off" />
          {error('price')}
        </div>
        <div className="field">
          <label htmlFor="oferta-text">Texto da oferta</label>
          <input id="oferta-text" name="text" maxLength={140} defaultValue={values.text} aria-invalid={errors.text ? true : undefined} aria-describedby={errors.text ? 'oferta-text-erro' : undefined} autoComplete="off" />
          {error('text')}
        </div>
        <ActionResult state={state} />
        <div className="row">
          <button type="submit" className="btn btn-secondary" disabled={pending} aria-disabled={pending}>
            {pending ? 'Salvando…' : 'Salvar oferta'}
          </button>
        </div>
      </form>
    </section>
  );
}
