import { describedBy, FieldError, type ProductFormInitial } from './product-field';
import styles from './produtos.module.css';

const DIMENSIONS = [
  ['weightGrams', 'Peso (g)'],
  ['heightCm', 'Altura (cm)'],
  ['widthCm', 'Largura (cm)'],
  ['lengthCm', 'Comprimento (cm)'],
] as const;

/** "Peso e medidas (para o frete)": of the packed parcel; a product with variants may have them per variant too. */
export function ProductDimensions({ values, errors, hasOptions }: { values: ProductFormInitial; errors: Partial<Record<string, string>>; hasOptions: boolean }) {
  return (
    <fieldset className={styles.dimensions} aria-describedby="dimensions-hint">
      <legend>Peso e medidas (para o frete)</legend>
      <p id="dimensions-hint" className="field-hint">
        Do pacote pronto para enviar. Obrigatórios para ativar um produto com entrega{hasOptions ? '; cada variante pode ter os seus' : ''}.
      </p>
      <div className="form-grid two">
        {DIMENSIONS.map(([f, label]) => (
          <div className="field" key={f}>
            <label htmlFor={f}>{label}</label>
            <input
              id={f}
              name={f}
              inputMode="numeric"
              autoComplete="off"
              defaultValue={values[f]}
              aria-invalid={errors[f] ? true : undefined}
              aria-describedby={describedBy(errors, f, false)}
            />
            <FieldError errors={errors} name={f} />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
