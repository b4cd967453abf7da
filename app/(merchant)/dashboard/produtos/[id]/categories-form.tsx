'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { ActionResult } from '../../_components/action-result';
import { saveProductCategoriesAction } from '../actions';
import styles from '../produtos.module.css';

/** The product's "Categorias": any number of them (checkboxes). */
export function ProductCategoriesForm({ productId, categories, chosen }: { productId: number; categories: { id: number; name: string }[]; chosen: number[] }) {
  const [state, formAction, pending] = useActionState(saveProductCategoriesAction, null);
  return (
    <section className="card stack" aria-labelledby="categorias-titulo">
      <h2 id="categorias-titulo">Categorias</h2>
      {categories.length === 0 ? (
        <p className="small muted">
          Nenhuma categoria ainda. Crie em <Link href="/dashboard/produtos/categorias">Categorias</Link>.
        </p>
      ) : (
        <form action={formAction} className="stack">
          <input type="hidden" name="productId" value={productId} />
          <fieldset className={styles.dimensions}>
            <legend className="visually-hidden">Categorias do produto</legend>
            {categories.map((c) => (
              <label key={c.id} className={styles.switch}>
                <input type="checkbox" name="categoryIds" value={c.id} defaultChecked={chosen.includes(c.id)} />
                <span>{c.name}</span>
              </label>
            ))}
          </fieldset>
          <ActionResult state={state} />
          <div className="row">
            <button type="submit" className="btn btn-secondary" disabled={pending} aria-disabled={pending}>
              {pending ? 'Salvando…' : 'Salvar categorias'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
