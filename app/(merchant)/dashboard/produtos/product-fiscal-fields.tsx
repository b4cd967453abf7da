import { ORIGINS } from '@balcao/br/nfe-fiscal';
import { describedBy, FieldError, type ProductFormInitial } from './product-field';
import styles from './produtos.module.css';

/** "Nota fiscal": NCM, Origem (in words) and Código de barras (GTIN), what the NF-e of each sale needs. */
export function ProductFiscalFields({ values, errors }: { values: ProductFormInitial; errors: Partial<Record<string, string>> }) {
  return (
    <fieldset className={styles.dimensions} aria-describedby="fiscal-hint">
      <legend>Nota fiscal</legend>
      <p id="fiscal-hint" className="field-hint">
        Usados na NF-e emitida pelo Bling. Sem NCM válido a SEFAZ rejeita a nota.
      </p>
      <div className="form-grid two">
        <div className="field">
          <label htmlFor="ncm">NCM</label>
          <input id="ncm" name="ncm" inputMode="numeric" autoComplete="off" placeholder="0901.21.00" defaultValue={values.ncm} aria-invalid={errors.ncm ? true : undefined} aria-describedby={describedBy(errors, 'ncm', false)} />
          <FieldError errors={errors} name="ncm" />
        </div>
        <div className="field">
          <label htmlFor="origin">Origem</label>
          <select id="origin" name="origin" defaultValue={values.origin} aria-invalid={errors.origin ? true : undefined} aria-describedby={describedBy(errors, 'origin', false)}>
            <option value="">Escolha…</option>
            {ORIGINS.map((o) => (
              <option key={o.code} value={String(o.code)}>
                {o.code} — {o.label}
              </option>
            ))}
          </select>
          <FieldError errors={errors} name="origin" />
        </div>
        <div className="field">
          <label htmlFor="gtin">Código de barras (GTIN)</label>
          <input id="gtin" name="gtin" inputMode="numeric" autoComplete="off" defaultValue={values.gtin} aria-invalid={errors.gtin ? true : undefined} aria-describedby={describedBy(errors, 'gtin', false)} />
          <FieldError errors={errors} name="gtin" />
        </div>
      </div>
    </fieldset>
  );
}
