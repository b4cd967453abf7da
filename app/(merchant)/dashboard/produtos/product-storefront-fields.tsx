import { describedBy, FieldError, type ProductFormInitial } from './product-field';
import styles from './produtos.module.css';

/**
 * Where and whether the product shows in the shop: its address (`slugPlaceholder`: made from the
 * name as typed), its place in the catalog, "Ativo" and "Produto físico".
 */
export function ProductStorefrontFields({
  editing,
  values,
  errors,
  slugPlaceholder,
  checked,
}: {
  /** An existing product: a changed address keeps the old one leading here. */
  editing: boolean;
  values: ProductFormInitial;
  errors: Partial<Record<string, string>>;
  slugPlaceholder: string;
  checked: (f: 'active' | 'requiresShipping') => boolean;
}) {
  return (
    <>
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
              aria-describedby={describedBy(errors, 'slug')}
            />
          </div>
          <p id="slug-hint" className="field-hint">
            {editing ? 'Se mudar, o endereço antigo continua levando a este produto.' : 'Em branco: feito a partir do nome, sem acentos.'}
          </p>
          <FieldError errors={errors} name="slug" />
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
            aria-describedby={describedBy(errors, 'displayOrder')}
          />
          <p id="displayOrder-hint" className="field-hint">
            Menores aparecem primeiro no catálogo; empates, os mais novos primeiro.
          </p>
          <FieldError errors={errors} name="displayOrder" />
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
    </>
  );
}
