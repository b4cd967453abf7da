'use client';

import { useActionState } from 'react';
import { GRID_COLUMNS, type GridColumn } from '@/lib/catalog/variant-form';
import { ActionResult } from '../../_components/action-result';
import { saveVariantsAction } from '../actions';
import styles from '../produtos.module.css';

export type GridRow = { id: number; label: string; /** The chosen photo's id, '' for the product's cover. */ photo: string } & Record<GridColumn, string>;
/** The product's photos the grid offers ("Foto 1" is the cover). */
export type GridPhoto = { id: number; label: string };

const HEADERS: Record<GridColumn, string> = {
  sku: 'SKU',
  price: 'Preço',
  stock: 'Estoque',
  weightGrams: 'Peso (g)',
  heightCm: 'Altura (cm)',
  widthCm: 'Largura (cm)',
  lengthCm: 'Comprimento (cm)',
  active: 'Ativa',
};

/**
 * "Variantes": one row per combination; empty price, weight or size cells are the product's, an
 * empty stock is not tracked. The whole grid saves at once.
 */
export function VariantGrid({ productId, rows, photos = [] }: { productId: number; rows: GridRow[]; photos?: GridPhoto[] }) {
  const [state, formAction, pending] = useActionState(saveVariantsAction, null);
  const typed = state && !state.ok ? state.values : undefined;
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  const value = (r: GridRow, c: GridColumn | 'stockShown') => typed?.[`v${r.id}-${c}`] ?? (c === 'stockShown' ? r.stock : r[c]);
  return (
    <section className="card stack" aria-labelledby="variantes-titulo">
      <h2 id="variantes-titulo">Variantes</h2>
      <p className="small muted">
        Em branco: o preço, o peso e as medidas do produto; estoque em branco não é controlado.{photos.length > 0 ? ' A foto aparece na loja quando a variante é escolhida.' : ''}
      </p>
      <form action={formAction} className="stack" noValidate key={state?.at ?? 0}>
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="variantIds" value={rows.map((r) => r.id).join(',')} />
        <div className={styles.gridWrap} role="region" aria-labelledby="variantes-titulo" tabIndex={0}>
          <table className={styles.grid}>
            <thead>
              <tr>
                <th scope="col">Variante</th>
                {GRID_COLUMNS.map((c) => (
                  <th scope="col" key={c}>
                    {HEADERS[c]}
                  </th>
                ))}
                {photos.length > 0 ? <th scope="col">Foto</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    {r.label}
                    <input type="hidden" name={`v${r.id}-stockShown`} value={value(r, 'stockShown')} />
                  </th>
                  {GRID_COLUMNS.map((c) => {
                    const name = `v${r.id}-${c}`;
                    const error = errors[name];
                    return (
                      <td key={c}>
                        {c === 'active' ? (
                          <input type="checkbox" name={name} aria-label={`${HEADERS[c]}: ${r.label}`} defaultChecked={typed ? typed[name] === 'on' : r.active === 'on'} />
                        ) : (
                          <input
                            name={name}
                            aria-label={`${HEADERS[c]}: ${r.label}`}
                            defaultValue={value(r, c)}
                            inputMode={c === 'sku' ? undefined : c === 'price' ? 'decimal' : 'numeric'}
                            autoComplete="off"
                            size={c === 'sku' ? 12 : 6}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${name}-error` : undefined}
                          />
                        )}
                        {error ? (
                          <p id={`${name}-error`} className="field-error">
                            {error}
                          </p>
                        ) : null}
                      </td>
                    );
                  })}
                  {photos.length > 0 ? <PhotoCell row={r} photos={photos} typed={typed?.[`v${r.id}-photo`]} error={errors[`v${r.id}-photo`]} /> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ActionResult state={state} />
        <div className="row">
          <button type="submit" className="btn" disabled={pending} aria-disabled={pending}>
            {pending ? 'Salvando…' : 'Salvar variantes'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The variant's photo among the product's (without JavaScript too: a plain select). */
function PhotoCell({ row, photos, typed, error }: { row: GridRow; photos: GridPhoto[]; typed: string | undefined; error: string | undefined }) {
  const name = `v${row.id}-photo`;
  return (
    <td>
      <select name={name} aria-label={`Foto: ${row.label}`} defaultValue={typed ?? row.photo} aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined}>
        <option value="">Capa do produto</option>
        {photos.map((p) => (
          <option key={p.id} value={String(p.id)}>
            {p.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${name}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </td>
  );
}
