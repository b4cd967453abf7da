'use client';
/**
 * How the buyer pays: the amount, when a payment link lets them choose it, and "Como você quer
 * pagar?" (Pix, boleto, or the one method offered).
 */
import { MoneyInput } from '@/app/_components/masked-input';
import type { FieldErrors, FormValues } from '@/lib/checkout/words';
import { MethodIcon, RadioCard, type Method } from './form-fields';
import styles from './checkout.module.css';

type Props = {
  methods: readonly Method[];
  /** The method the form starts with (the submitted one after an answer). */
  checked: Method;
  onSelect: (m: Method) => void;
  pixHint?: string;
  /** A payment link whose buyer types the amount: the field, with its minimum in words. */
  amount?: { hint: string };
  values: FormValues;
  errors: FieldErrors;
};

export function PaymentSection({ methods, checked, onSelect, pixHint, amount, values, errors }: Props) {
  return (
    <>
      {amount ? <AmountField hint={amount.hint} value={values.amount ?? ''} error={errors.amount} /> : null}
      <fieldset className={styles.methods}>
        <legend className={styles.legend}>Como você quer pagar?</legend>
        <div className={styles.methodGrid}>
          {methods.includes('pix') ? (
            <RadioCard name="method" idPrefix="metodo" value="pix" label="Pix" icon={<MethodIcon method="pix" />} hint={pixHint ?? 'Aprovação na hora, pelo app do banco.'} checked={checked === 'pix'} onSelect={onSelect} />
          ) : null}
          {methods.includes('boleto') ? (
            <RadioCard name="method" idPrefix="metodo" value="boleto" label="Boleto" icon={<MethodIcon method="boleto" />} hint="Vence em alguns dias; compensa em até 3 dias úteis." checked={checked === 'boleto'} onSelect={onSelect} />
          ) : null}
        </div>
      </fieldset>
    </>
  );
}

function AmountField({ hint, value, error }: { hint: string; value: string; error?: string }) {
  return (
    <div className="field">
      <label htmlFor="campo-amount">Valor a pagar</label>
      <div className={styles.money}>
        <span aria-hidden="true">R$</span>
        <MoneyInput
          id="campo-amount"
          name="amount"
          placeholder="0,00"
          defaultValue={value}
          maxLength={20}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${error ? 'campo-amount-erro ' : ''}campo-amount-dica`}
        />
      </div>
      {error ? (
        <p id="campo-amount-erro" className="field-error">
          {error}
        </p>
      ) : null}
      <p id="campo-amount-dica" className="field-hint">
        {hint}
      </p>
    </div>
  );
}
