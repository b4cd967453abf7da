import { FieldError, type LinkFieldsProps } from './link-field';
import styles from '../links.module.css';

/** "Formas de pagamento", the Pix discount (`pixDiscountPercent`: the shop's, as "5,25"; null: none) and coupons. */
export function LinkPaymentOptions({ values, errors, pixDiscountPercent }: LinkFieldsProps & { pixDiscountPercent: string | null }) {
  return (
    <>
      <fieldset className={styles.group} aria-describedby={errors.methods ? 'methods-erro' : undefined}>
        <legend className={styles.legend}>Formas de pagamento</legend>
        <div className={styles.choices}>
          {(
            [
              ['both', 'Pix e boleto'],
              ['pix', 'Só Pix'],
              ['boleto', 'Só boleto'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name="methods" value={value} defaultChecked={(values.methods ?? 'both') === value} />
              {label}
            </label>
          ))}
        </div>
        <FieldError errors={errors} name="methods" />
      </fieldset>

      {pixDiscountPercent !== null ? (
        <div className="field">
          <label className={styles.choice}>
            <input type="checkbox" name="pixDiscount" value="on" defaultChecked={values.pixDiscount === 'on'} aria-describedby="pixDiscount-dica" />
            Aplicar o desconto do Pix ({pixDiscountPercent}%)
          </label>
          <p id="pixDiscount-dica" className="field-hint">
            O desconto de Configurações vale para quem pagar este link por Pix. Desmarque para cobrar o mesmo valor nos dois meios.
          </p>
        </div>
      ) : (
        <input type="hidden" name="pixDiscount" value="on" />
      )}

      <div className="field">
        <label className={styles.choice}>
          <input type="checkbox" name="allowCoupons" value="on" defaultChecked={values.allowCoupons === 'on'} aria-describedby="allowCoupons-dica" />
          Aceita cupom de desconto
        </label>
        <p id="allowCoupons-dica" className="field-hint">
          O comprador pode digitar um cupom de Cupons ao pagar este link.
        </p>
      </div>
    </>
  );
}
