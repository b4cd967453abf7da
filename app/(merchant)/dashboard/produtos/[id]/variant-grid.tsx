'use client';

import { ORIGINS } from '@balcao/br/nfe-fiscal';
import { GRID_COLUMNS, type GridColumn } from '@/lib/catalog/forms';
import { CellError, useEditorState } from '../editor-state';
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
  ncm: 'NCM',
  origin: 'Origem',
  gtin: 'GTIN',
  active: 'Ativa',
};

/**
 * "Variantes": one row per combination, in the editor's one form; empty price, weight, size or
 * fiscal cells are the product's, an empty stock is not tracked. On a desk it is a table; on a
 * phone each variant is a card of labelled fields (the labels the table's headers name on a
 * desk), so nothing scrolls sideways.
 */
export function VariantGrid({ rows, photos = [] }: { rows: GridRow[]; photos?: GridPhoto[] }) {
  const { typed, errors } = useEditorState();
  const value = (r: GridRow, c: GridColumn | 'stockShown') => typed?.[`v${r.id}-${c}`] ?? (c === 'stockShown' ? r.stock : r[c]);
  return (
    <section className="card stack" aria-labelledby="variantes-titulo">
      <h2 id="variantes-titulo">Variantes</h2>
      <p className="small muted">
        Em branco: o preço, o peso, as medidas e os dados da nota fiscal do produto; estoque em branco não é controlado.
        {photos.length > 0 ? ' A foto aparece na loja quando a variante é escolhida.' : ''}
      </p>
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
                  const described = error ? `${name}-error` : undefined;
                  return (
                    <td key={c} className={c === 'sku' || c === 'origin' || c === 'gtin' ? styles.wideCell : c === 'active' ? styles.checkCell : undefined}>
                      {c === 'active' ? (
                        <label className={styles.cellCheck}>
                          <input type="checkbox" name={name} defaultChecked={typed ? typed[name] === 'on' : r.active === 'on'} />
                          <CellLabel column={c} row={r} />
                        </label>
                      ) : (
                        <>
                          <label htmlFor={name} className={styles.cellLabel}>
                            <CellLabel column={c} row={r} />
                          </label>
                          {c === 'origin' ? (
                            <select id={name} name={name} defaultValue={value(r, c)} aria-invalid={error ? true : undefined} aria-describedby={described}>
                              <option value="">Do produto</option>
                              {ORIGINS.map((o) => (
                                <option key={o.code} value={String(o.code)}>
                                  {o.code} — {o.label}
                                </option>
                              ))}
                            </select>
                          ) : (
                            <input
                              id={name}
                              name={name}
                              defaultValue={value(r, c)}
                              inputMode={c === 'sku' ? undefined : c === 'price' ? 'decimal' : 'numeric'}
                              autoComplete="off"
                              size={c === 'sku' || c === 'gtin' ? 12 : c === 'ncm' ? 9 : 6}
                              aria-invalid={error ? true : undefined}
                              aria-describedby={described}
                            />
                          )}
                        </>
                      )}
                      <CellError id={`${name}-error`} error={error} />
                    </td>
                  );
                })}
                {photos.length > 0 ? <PhotoCell row={r} photos={photos} typed={typed?.[`v${r.id}-photo`]} error={errors[`v${r.id}-photo`]} /> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** "Estoque" shown on a phone (hidden on a desk, where the column's header says it); the variant's name for a screen reader. */
function CellLabel({ column, row }: { column: GridColumn | 'photo'; row: GridRow }) {
  return (
    <>
      <span className={styles.cellLabelText}>{column === 'photo' ? 'Foto' : HEADERS[column]}</span>
      <span className="visually-hidden">: {row.label}</span>
    </>
  );
}

/** The variant's photo among the product's (without JavaScript too: a plain select). */
function PhotoCell({ row, photos, typed, error }: { row: GridRow; photos: GridPhoto[]; typed: string | undefined; error: string | undefined }) {
  const name = `v${row.id}-photo`;
  return (
    <td className={styles.wideCell}>
      <label htmlFor={name} className={styles.cellLabel}>
        <CellLabel column="photo" row={row} />
      </label>
      <select id={name} name={name} defaultValue={typed ?? row.photo} aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined}>
        <option value="">Capa do produto</option>
        {photos.map((p) => (
          <option key={p.id} value={String(p.id)}>
            {p.label}
          </option>
        ))}
      </select>
      <CellError id={`${name}-error`} error={error} />
    </td>
  );
}
