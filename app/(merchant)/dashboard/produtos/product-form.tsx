'use client';

import { useActionState, useState } from 'react';
import { MoneyInput } from '@/app/_components/masked-input';
import { DESCRIPTION_MAX, NAME_MAX, type ProductField } from '@/lib/catalog/product-form';
import { slugify } from '@/lib/catalog/slug';
import { ActionResult } from '../_components/action-result';
import { saveProductAction } from './actions';
import styles from './produtos.module.css';

/** `stockShown`: the stock as the form shows it, posted back so the save can tell whether it changed meanwhile. */
export type ProductFormInitial = Record<ProductField, string> & { stockShown?: string };

/** Create or edit a product. Errors come back from the server next to their fields, with what was typed. */
export function ProductForm({ productId, initial, hasOptions = false }: { productId?: number; initial: ProductFormInitial; /** The stock is then each variant's, in the grid. */ hasOptions?: boolean }) {
  const [state, formAction, pending] = useActionState(saveProductAction, null);
  const errors: Partial<Record<string, string>> = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  // React resets the form after an action: show what was typed when it was refused.
  const values = (state && !state.ok && state.values ? { ...initial, ...state.values } : initial) as ProductFormInitial;
  const checked = (f: 'active' | 'requiresShipping') => (state && !state.ok && state.values ? state.values[f] === 'on' : initial[f] === 'on');
  const [name, setName] = useState(values.name);
  const slugPlaceholder = slugify(name) || 'gerado-a-partir-do-nome';

  const describedBy = (f: string, hint = true) => [hint ? `${f}-hint` : '', errors[f] ? `${f}-error` : ''].filter(Boolean).join(' ') || undefined;
  const errorOf = (f: string) =>
    errors[f] ? (
      <p id={`${f}-error`} className="field-error">
        {errors[f]}
      </p>
    ) : null;

  return (
    <form action={formAction} className="stack" noValidate key={state?.at ?? 0}>
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
            aria-describedby={describedBy('name', false)}
          />
          {errorOf('name')}
        </div>
        <div className="field">
          <label htmlFor="description">Descrição</label>
          <textarea
            id="description"
            name="description"
            rows={5}
            defaultValue={values.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy('description')}
          />
          <p id="description-hint" className="field-hint">
            Texto simples, até {DESCRIPTION_MAX.toLocaleString('pt-BR')} caracteres. As quebras de linha aparecem na loja.
          </p>
          {errorOf('description')}
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
                aria-describedby={describedBy('price')}
              />
            </div>
            <p id="price-hint" className="field-hint">
              De R$ 0,50 a R$ 100.000,00. O desconto no Pix (Configurações) é calculado sobre este preço.
            </p>
            {errorOf('price')}
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
              aria-describedby={describedBy('stock')}
            />
            <p id="stock-hint" className="field-hint">
              Unidades à venda. Em branco: estoque não controlado.
            </p>
            {errorOf('stock')}
          </div>
          )}
        </div>
        <fieldset className={styles.dimensions} aria-describedby="dimensions-hint">
          <legend>Peso e medidas (para o frete)</legend>
          <p id="dimensions-hint" className="field-hint">
            Do pacote pronto para enviar. Obrigatórios para ativar um produto com entrega{hasOptions ? '; cada variante pode ter os seus' : ''}.
          </p>
          <div className="form-grid two">
            {(
              [
                ['weightGrams', 'Peso (g)'],
                ['heightCm', 'Altura (cm)'],
                ['widthCm', 'Largura (cm)'],
                ['lengthCm', 'Comprimento (cm)'],
              ] as const
            ).map(([f, label]) => (
              <div className="field" key={f}>
                <label htmlFor={f}>{label}</label>
                <input
                  id={f}
                  name={f}
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={values[f]}
                  aria-invalid={errors[f] ? true : undefined}
                  aria-describedby={describedBy(f, false)}
                />
                {errorOf(f)}
              </div>
            ))}
          </div>
        </fieldset>
        <div className="form-grid two">
          <div className="field">
            <label htmlFor="slug">Endereço na loja</label>
            <div className={styles.prefixed}>
              <span aria-hidden="true">/products/</span>
              <input
                id="slug"
                name="slug"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                defaultValue={values.slug}
                placeholder={slugPlaceholder}
                aria-invalid={errors.slug ? true : undefined}
                aria-describedby={describedBy('slug')}
              />
            </div>
            <p id="slug-hint" className="field-hint">
              {productId
                ? 'Se mudar, o endereço antigo continua levando a este produto.'
                : 'Em branco: feito a partir do nome, sem acentos.'}
            </p>
            {errorOf('slug')}
          </div>
          <div className="field">
            <label htmlFor="displayOrder">Ordem de exibição</label>
            <input
              id="displayOrder"
              name="displayOrder"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={values.displayOrder}
              placeholder="0"
              aria-invalid={errors.displayOrder ? true : undefined}
              aria-describedby={describedBy('displayOrder')}
            />
            <p id="displayOrder-hint" className="field-hint">
              Menores aparecem primeiro no catálogo; empates, os mais novos primeiro.
            </p>
            {errorOf('displayOrder')}
          </div>
        </div>
        <div className={styles.switches}>
          <label className={styles.switch}>
            <input type="checkbox" name="active" defaultChecked={checked('active')} aria-describedby="active-hint" />
            <span>Ativo</span>
          </label>
          <p id="active-hint" className="field-hint">
            Produtos inativos não aparecem na loja.
          </p>
          <label className={styles.switch}>
            <input type="checkbox" name="requiresShipping" defaultChecked={checked('requiresShipping')} aria-describedby="requiresShipping-hint" />
            <span>Produto físico — precisa de entrega</span>
          </label>
          <p id="requiresShipping-hint" className="field-hint">
            Desmarque para serviços e produtos digitais.
          </p>
        </div>
      </div>
      <ActionResult state={state} />
      <div className="row">
        <button type="submit" className="btn" disabled={pending} aria-disabled={pending}>
          {pending ? 'Salvando…' : 'Salvar produto'}
        </button>
      </div>
    </form>
  );
}
