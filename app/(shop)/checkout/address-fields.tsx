'use client';
/**
 * One address block of the checkout: CEP first, then rua, número, complemento, bairro, cidade,
 * UF (the Correios' order), the delivery's or the boleto's payer's (`billing…` fields).
 */
import { cepMask } from '@balcao/br/masks';
import { isUF, UFS, type UF } from '@balcao/br/uf';
import type { FieldErrors, FormValues } from '@/lib/checkout/words';
import { CEP_STATUS_TEXT, type CepStatus } from './cep-autofill';
import { Field } from './form-fields';
import styles from './checkout.module.css';

type AddressKey = 'zip' | 'street' | 'number' | 'complement' | 'neighborhood' | 'city' | 'state';

/** CEP first, then rua, número, complemento, bairro, cidade, UF (the Correios' order), with the phone's autofill tokens. */
export function AddressFields({
  prefix,
  values,
  errors,
  withComplement,
  cepStatus,
  onZipInput,
  onState,
  kind,
  ufMismatch = null,
}: {
  /** The UF chosen is not the CEP's (the delivery address only). */
  ufMismatch?: string | null;
  /** The browser's autofill: where it ships to, or whom the boleto bills. */
  kind: 'shipping' | 'billing';
  prefix: '' | 'billing';
  values: FormValues;
  errors: FieldErrors;
  withComplement: boolean;
  cepStatus: CepStatus;
  onZipInput: (value: string) => void;
  onState: (uf: UF) => void;
}) {
  const n = (f: AddressKey) => (prefix ? `billing${f[0].toUpperCase()}${f.slice(1)}` : f) as keyof FormValues & keyof FieldErrors;
  // The payer's address for the boleto is another address of the same person: its own autofill section.
  const ac = (token: string) => (prefix ? `section-billing billing ${token}` : `${kind} ${token}`);
  const state = n('state');
  const statusId = `campo-${n('zip')}-busca`;
  return (
    <div className={`form-grid ${styles.addressGrid}`}>
      <Field
        name={n('zip')}
        label="CEP"
        error={errors[n('zip')]}
        defaultValue={values[n('zip')]}
        inputMode="numeric"
        autoComplete={ac('postal-code')}
        maxLength={9}
        mask={cepMask}
        className={styles.zip}
        onValue={onZipInput}
        describedBy={statusId}
        after={
          <p id={statusId} className={`field-hint ${styles.cepStatus}`} aria-live="polite">
            {CEP_STATUS_TEXT[cepStatus]}
          </p>
        }
      />
      <Field name={n('street')} label="Rua" error={errors[n('street')]} defaultValue={values[n('street')]} autoComplete={ac('address-line1')} maxLength={200} className={styles.street} />
      <Field name={n('number')} label="Número" error={errors[n('number')]} defaultValue={values[n('number')]} autoComplete="off" maxLength={20} className={styles.number} />
      {withComplement ? (
        <Field
          name={n('complement')}
          label="Complemento (opcional)"
          error={errors[n('complement')]}
          defaultValue={values[n('complement')]}
          autoComplete={ac('address-line2')}
          maxLength={60}
          className={styles.complement}
          optional
        />
      ) : null}
      <Field name={n('neighborhood')} label="Bairro" error={errors[n('neighborhood')]} defaultValue={values[n('neighborhood')]} autoComplete={ac('address-level3')} maxLength={100} className={styles.neighborhood} />
      <Field name={n('city')} label="Cidade" error={errors[n('city')]} defaultValue={values[n('city')]} autoComplete={ac('address-level2')} maxLength={100} className={styles.city} />
      <div className={`field ${styles.uf}`}>
        <label htmlFor={`campo-${state}`}>UF</label>
        <select
          // React updates an input's default value, not a select's: remount it with the submitted UF,
          // so the form reset that follows each action keeps the buyer's choice.
          key={values[state] ?? ''}
          id={`campo-${state}`}
          name={state}
          defaultValue={values[state] ?? ''}
          autoComplete={ac('address-level1')}
          aria-invalid={errors[state] || ufMismatch ? true : undefined}
          aria-describedby={errors[state] || ufMismatch ? `campo-${state}-erro` : undefined}
          required
          onChange={(e) => {
            const uf = e.currentTarget.value;
            if (isUF(uf)) onState(uf);
          }}
        >
          <option value="">Selecione</option>
          {UFS.map(([code, name]) => (
            <option key={code} value={code} title={name}>
              {code}
            </option>
          ))}
        </select>
        {errors[state] || ufMismatch ? (
          <p id={`campo-${state}-erro`} className="field-error" aria-live="polite">
            {errors[state] ?? ufMismatch}
          </p>
        ) : null}
      </div>
    </div>
  );
}
