'use client';

import Link from 'next/link';
import { useEditorState } from '../editor-state';
import styles from '../produtos.module.css';

/** The product's "Categorias": any number of them (checkboxes), in the editor's one form. */
export function ProductCategoriesFields({ categories, chosen }: { categories: { id: number; name: string }[]; chosen: number[] }) {
  const { typed } = useEditorState();
  const checked = typed ? new Set((typed.categoryIds ?? '').split(',').filter(Boolean).map(Number)) : new Set(chosen);
  return (
    <section className="card stack" aria-labelledby="categorias-titulo">
      <h2 id="categorias-titulo">Categorias</h2>
      {categories.length === 0 ? (
        <p className="small muted">
          Nenhuma categoria ainda. Crie em <Link href="/dashboard/produtos/categorias">Categorias</Link>.
        </p>
      ) : (
        <div className="stack">
          <input type="hidden" name="categoriesShown" value="1" />
          <fieldset className={styles.dimensions}>
            <legend className="visually-hidden">Categorias do produto</legend>
            {categories.map((c) => (
              <label key={c.id} className={styles.switch}>
                <input type="checkbox" name="categoryIds" value={c.id} defaultChecked={checked.has(c.id)} />
                <span>{c.name}</span>
              </label>
            ))}
          </fieldset>
        </div>
      )}
    </section>
  );
}
