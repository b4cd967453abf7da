'use client';
/** The form's answer when something is wrong: the message, then a link to each field in error. */
import type { Ref } from 'react';
import type { FieldErrors } from '@/lib/checkout/words';
import styles from './checkout.module.css';

type Props = {
  ref: Ref<HTMLDivElement>;
  generalError: string | null;
  itemsError?: string;
  /** The fields in error, in the form's order (only those on screen). */
  fields: readonly (keyof FieldErrors)[];
  errors: FieldErrors;
};

export function FormAlert({ ref, generalError, itemsError, fields, errors }: Props) {
  if (!generalError && !itemsError && fields.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} className="alert alert-error" role="alert">
      {generalError ? <p className={styles.alertTitle}>{generalError}</p> : <p className={styles.alertTitle}>Confira os campos destacados:</p>}
      {itemsError && itemsError !== generalError ? <p>{itemsError}</p> : null}
      {fields.length > 0 ? (
        <ul className={styles.errorList}>
          {fields.map((f) => (
            <li key={f}>
              <a href={`#campo-${f}`}>{errors[f]}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
