import { FieldError, describedBy, type LinkFieldsProps } from './link-field';
import styles from '../links.module.css';

/** "Válido até", "Limite de pagamentos" and the catalog variant the link sells (all optional). */
export function LinkLimitFields({ values, errors, today }: LinkFieldsProps & { today: string }) {
  return (
    <div className={styles.twoCols}>
      <div className="field">
        <label htmlFor="expiresOn">Válido até (opcional)</label>
        <input
          id="expiresOn"
          name="expiresOn"
          type="date"
          min={today}
          defaultValue={values.expiresOn ?? ''}
          className={styles.short}
          aria-invalid={errors.expiresOn ? true : undefined}
          aria-describedby={describedBy(errors, 'expiresOn', true)}
        />
        <FieldError errors={errors} name="expiresOn" />
        <p id="expiresOn-dica" className="field-hint">
          Último dia para pagar. Em branco, o link não expira.
        </p>
      </div>
      <div className="field">
        <label htmlFor="maxPayments">Limite de pagamentos (opcional)</label>
        <input
          id="maxPayments"
          name="maxPayments"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={values.maxPayments ?? ''}
          maxLength={7}
          className={styles.short}
          aria-invalid={errors.maxPayments ? true : undefined}
          aria-describedby={describedBy(errors, 'maxPayments', true)}
        />
        <FieldError errors={errors} name="maxPayments" />
        <p id="maxPayments-dica" className="field-hint">
          1 = cobrança única, para um só cliente. Em branco, sem limite (um serviço de preço fixo, por exemplo).
        </p>
      </div>
      <div className="field">
        <label htmlFor="variant">Variante do catálogo (SKU, opcional)</label>
        <input
          id="variant"
          name="variant"
          autoComplete="off"
          defaultValue={values.variant ?? ''}
          maxLength={70}
          aria-invalid={errors.variant ? true : undefined}
          aria-describedby={describedBy(errors, 'variant', true)}
        />
        <FieldError errors={errors} name="variant" />
        <p id="variant-dica" className="field-hint">
          O pedido sai com o nome da variante (por exemplo &quot;Camiseta básica — M / Preto&quot;) e baixa o estoque dela. Em branco, o pedido leva só o título do link.
        </p>
      </div>
    </div>
  );
}
