'use client';

import { useActionState, useState, type ReactNode } from 'react';
import { MoneyInput } from '@/app/_components/masked-input';
import { DESCRIPTION_MAX, NAME_MAX, slugify } from '@/lib/catalog/forms';
import { ActionResult } from '../_components/action-result';
import { describedBy, FieldError, type ProductFormInitial } from './product-field';
import { ProductDimensions } from './product-dimensions';
import { ProductFiscalFields } from './product-fiscal-fields';
import { ProductStorefrontFields } from './product-storefront-fields';
import { saveProductAction } from './actions';
import { EditorStateContext } from './editor-state';
import styles from './produtos.module.css';

/**
 * Create or edit a product. Errors come back from the server next to their fields, with what was
 * typed. On edit the page's other blocks (options, variants, categories, subscription, offer,
 * digital delivery) are `children`, inside this one form: one "Salvar produto" saves them all.
 */
export function ProductForm({
  productId,
  initial,
  hasOptions = false,
  children,
}: {
  productId?: number;
  initial: ProductFormInitial;
  /** The stock is then each variant's, in the grid. */ hasOptions?: boolean;
  children?: ReactNode;
}) {
  const [state, formAction, pending] = useActionState(saveProductAction, null);
  const errors: Partial<Record<string, string>> = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  // React resets the form after an action: show what was typed when it was refused.
  const values = (state && !state.ok && state.values ? { ...initial, ...state.values } : initial) as ProductFormInitial;
  const checked = (f: 'active' | 'requiresShipping') => (state && !state.ok && state.values ? state.values[f] === 'on' : initial[f] === 'on');
  const [name, setName] = useState(values.name);
  const slugPlaceholder = slugify(name) || 'gerado-a-partir-do-nome';

  return (
    <EditorStateContext.Provider value={{ errors, typed: state && !state.ok ? state.values : undefined }}>
    <form action={formAction} className="stack" noValidate key={state?.at ?? 0} aria-label={productId ? 'Produto' : 'Novo produto'}>
      {productId ? <input type="hidden" name="productId" value={productId} /> : null}
      {productId && !hasOptions ? <input type="hidden" name="stockShown" value={values.stockShown ?? values.stock} /> : null}
      <div className={`card ${styles.formCard}`}>
        <div className="field">
          <label htmlFor="name">Nome</label>
          <input
            id="name"
            name="name"
            defaultValue={values.name}
            maxLength={NAME_MAX + 20}
            required
            autoComplete="off"
            onInput={(e) => setName(e.currentTarget.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy(errors, 'name', false)}
          />
          <FieldError errors={errors} name="name" />
        </div>
        <div className="field">
          <label htmlFor="description">Descrição</label>
          <textarea
            id="description"
            name="description"
            rows={5}
            defaultValue={values.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy(errors, 'description')}
          />
          <p id="description-hint" className="field-hint">
            Texto simples, até {DESCRIPTION_MAX.toLocaleString('pt-BR')} caracteres. As quebras de linha aparecem na loja.
          </p>
          <FieldError errors={errors} name="description" />
        </div>
        <div className="form-grid two">
          <div className="field">
            <label htmlFor="price">Preço</label>
            <div className={styles.prefixed}>
              <span aria-hidden="true">R$</span>
              <MoneyInput
                id="price"
                name="price"
                required
                defaultValue={values.price}
                placeholder="0,00"
                aria-invalid={errors.price ? true : undefined}
                aria-describedby={describedBy(errors, 'price')}
              />
            </div>
            <p id="price-hint" className="field-hint">
              De R$ 0,50 a R$ 100.000,00. O desconto no Pix (Configurações) é calculado sobre este preço.
            </p>
            <FieldError errors={errors} name="price" />
          </div>
          {hasOptions ? (
            <p className="field-hint">O estoque, o SKU e o preço de cada combinação ficam em Variantes, abaixo.</p>
          ) : (
          <div className="field">
            <label htmlFor="stock">Estoque</label>
            <input
              id="stock"
              name="stock"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={values.stock}
              aria-invalid={errors.stock ? true : undefined}
              aria-describedby={describedBy(errors, 'stock')}
            />
            <p id="stock-hint" className="field-hint">
              Unidades à venda. Em branco: estoque não controlado.
            </p>
            <FieldError errors={errors} name="stock" />
          </div>
          )}
        </div>
        <ProductDimensions values={values} errors={errors} hasOptions={hasOptions} />
        <ProductFiscalFields values={values} errors={errors} />
        <ProductStorefrontFields editing={Boolean(productId)} values={values} errors={errors} slugPlaceholder={slugPlaceholder} checked={checked} />
      </div>
      {children}
      <div className={`stack ${styles.saveBar}`}>
        <ActionResult state={state} />
        <div className="row">
          <button type="submit" className="btn" disabled={pending} aria-disabled={pending}>
            {pending ? 'Salvando…' : 'Salvar produto'}
          </button>
        </div>
      </div>
    </form>
    </EditorStateContext.Provider>
  );
}
