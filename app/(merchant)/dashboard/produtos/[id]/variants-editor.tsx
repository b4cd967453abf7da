'use client';

import { useState } from 'react';
import { MAX_OPTIONS } from '@/lib/catalog/forms';
import { useEditorState } from '../editor-state';
import styles from '../produtos.module.css';

export type OptionRow = { name: string; values: string };

/**
 * "Opções": up to 3 options, each a name and its values separated by commas, in the editor's one
 * form. Saving creates every combination at once (only when the options changed). Without
 * JavaScript the block shows one empty row to add an option.
 */
export function OptionsFields({ options }: { options: OptionRow[] }) {
  const { typed, errors } = useEditorState();
  const initialRows = Math.min(MAX_OPTIONS, options.length + 1);
  const [rows, setRows] = useState(Math.max(initialRows, 1));
  return (
    <section className="card stack" aria-labelledby="opcoes-titulo">
      <h2 id="opcoes-titulo">Opções</h2>
      <p className="small muted">Por exemplo Tamanho: P, M, G. Cada combinação de valores vira uma variante, com estoque, SKU e preço próprios, ao salvar o produto.</p>
      <div className="stack">
        {Array.from({ length: rows }, (_, i) => (
          <fieldset key={i} className={styles.dimensions}>
            <legend className="visually-hidden">Opção {i + 1}</legend>
            <div className={styles.optionRow}>
              <div className="field">
                <label htmlFor={`optionName${i}`}>Nome da opção</label>
                <input
                  id={`optionName${i}`}
                  name={`optionName${i}`}
                  defaultValue={typed?.[`optionName${i}`] ?? options[i]?.name ?? ''}
                  autoComplete="off"
                  aria-invalid={errors[`option${i}`] ? true : undefined}
                  aria-describedby={errors[`option${i}`] ? `option${i}-error` : undefined}
                />
              </div>
              <div className="field">
                <label htmlFor={`optionValues${i}`}>Valores</label>
                <input
                  id={`optionValues${i}`}
                  name={`optionValues${i}`}
                  defaultValue={typed?.[`optionValues${i}`] ?? options[i]?.values ?? ''}
                  autoComplete="off"
                  placeholder="P, M, G"
                  aria-invalid={errors[`option${i}`] ? true : undefined}
                  aria-describedby={errors[`option${i}`] ? `option${i}-error` : undefined}
                />
              </div>
            </div>
            {errors[`option${i}`] ? (
              <p id={`option${i}-error`} className="field-error">
                {errors[`option${i}`]}
              </p>
            ) : null}
          </fieldset>
        ))}
        {rows < MAX_OPTIONS ? (
          <div className="row">
            <button type="button" className="btn btn-secondary" onClick={() => setRows((n) => Math.min(MAX_OPTIONS, n + 1))}>
              Adicionar opção
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
