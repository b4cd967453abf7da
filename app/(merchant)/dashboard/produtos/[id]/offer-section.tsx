'use client';

import { useEditorState } from '../editor-state';

type Initial = { offered: string; price: string; text: string };

/**
 * The product's "Oferta no checkout": when it is in the cart, the checkout offers "Produto
 * oferecido" (a product or one variant) at "Preço na oferta", with "Texto da oferta"; in the
 * editor's one form (lib/checkout/offers.ts checks and saves it).
 */
export function OfferSection({ choices, initial }: { choices: { value: string; label: string }[]; initial: Initial }) {
  const state = useEditorState();
  const values: Initial = state.typed ? { offered: state.typed.offered ?? '', price: state.typed.offerPrice ?? '', text: state.typed.offerText ?? '' } : initial;
  const errors = { offered: state.errors['offer-offered'], price: state.errors['offer-price'], text: state.errors['offer-text'] } as Partial<Record<keyof Initial, string>>;
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
      <div className="stack">
        {/* At a desk the product and its price side by side: a price is a short field. */}
        <div className="form-grid two">
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
            <input id="oferta-price" name="offerPrice" inputMode="decimal" defaultValue={values.price} aria-invalid={errors.price ? true : undefined} aria-describedby={errors.price ? 'oferta-price-erro' : undefined} autoComplete="off" />
            {error('price')}
          </div>
        </div>
        <div className="field">
          <label htmlFor="oferta-text">Texto da oferta</label>
          <input id="oferta-text" name="offerText" maxLength={140} defaultValue={values.text} aria-invalid={errors.text ? true : undefined} aria-describedby={errors.text ? 'oferta-text-erro' : undefined} autoComplete="off" />
          {error('text')}
        </div>
      </div>
    </section>
  );
}
