import { MoneyInput } from '@/app/_components/masked-input';
import { FieldError, describedBy, type LinkFieldsProps } from './link-field';
import styles from '../links.module.css';

/**
 * "Valor": a fixed amount, or one the buyer types from a minimum. Without JavaScript both fields
 * show (the server ignores the one not chosen); `onMode` lets the form show only the chosen one.
 */
export function LinkAmountFields({ values, errors, onMode }: LinkFieldsProps & { onMode: (mode: 'fixed' | 'open') => void }) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Valor</legend>
      <div className={styles.choices}>
        <label className={styles.choice}>
          <input type="radio" name="amountMode" value="fixed" defaultChecked={values.amountMode !== 'open'} onChange={() => onMode('fixed')} />
          Valor fixo
        </label>
        <label className={styles.choice}>
          <input type="radio" name="amountMode" value="open" defaultChecked={values.amountMode === 'open'} onChange={() => onMode('open')} />O comprador informa o valor
        </label>
      </div>
      <div className={`field ${styles.fixedOnly}`}>
        <label htmlFor="amount">Valor a cobrar</label>
        <div className={styles.money}>
          <span aria-hidden="true">R$</span>
          <MoneyInput
            id="amount"
            name="amount"
            placeholder="0,00"
            defaultValue={values.amount ?? ''}
            maxLength={20}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={describedBy(errors, 'amount', true)}
          />
        </div>
        <FieldError errors={errors} name="amount" />
        <p id="amount-dica" className="field-hint">
          A partir de R$ 5,00, o mínimo para Pix e boleto.
        </p>
      </div>
      <div className={`field ${styles.openOnly}`}>
        <label htmlFor="minAmount">Valor mínimo</label>
        <div className={styles.money}>
          <span aria-hidden="true">R$</span>
          <MoneyInput
            id="minAmount"
            name="minAmount"
            defaultValue={values.minAmount ?? ''}
            maxLength={20}
            aria-invalid={errors.minAmount ? true : undefined}
            aria-describedby={describedBy(errors, 'minAmount', true)}
          />
        </div>
        <FieldError errors={errors} name="minAmount" />
        <p id="minAmount-dica" className="field-hint">
          O comprador digita quanto vai pagar, a partir deste valor (no mínimo R$ 5,00). Bom para doações, sinais e valores combinados na hora.
        </p>
      </div>
    </fieldset>
  );
}
