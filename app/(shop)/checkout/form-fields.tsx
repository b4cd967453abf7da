'use client';
/**
 * The checkout form's building blocks, shared by its sections: a labelled text field with its
 * error and hints, and a radio drawn as a card.
 */
import type { ReactNode } from 'react';
import { maskHandlers } from '@/app/_components/masked-input';
import type { Mask } from '@balcao/br/masks';
import styles from './checkout.module.css';

export type Method = 'pix' | 'boleto';

/**
 * One choice of a radio group drawn as a card (payment method, delivery or pickup): the radio,
 * its label (with an icon when given) and a hint the radio is described by.
 * Uncontrolled: React resets a form after its action, back to these defaults (the submitted choice).
 */
export function RadioCard<T extends string>({
  name,
  idPrefix,
  value,
  label,
  icon,
  hint,
  checked,
  onSelect,
}: {
  name: string;
  idPrefix: string;
  value: T;
  label: string;
  icon?: ReactNode;
  hint: string;
  checked: boolean;
  onSelect: (v: T) => void;
}) {
  const id = `${idPrefix}-${value}`;
  return (
    <div className={styles.method}>
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        defaultChecked={checked}
        onChange={() => onSelect(value)}
        aria-describedby={`${id}-dica`}
        className={styles.methodRadio}
      />
      <label htmlFor={id} className={styles.methodLabel}>
        {icon}
        {label}
      </label>
      <span id={`${id}-dica`} className={styles.methodHint}>
        {hint}
      </span>
    </div>
  );
}

export function MethodIcon({ method }: { method: Method }) {
  return method === 'pix' ? (
    <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" className={styles.methodIcon}>
      <path fill="currentColor" d="M12 2.6 21.4 12 12 21.4 2.6 12zM12 6.1 6.1 12l5.9 5.9 5.9-5.9z" />
      <circle cx="12" cy="12" r="2.2" fill="currentColor" />
    </svg>
  ) : (
    <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" className={styles.methodIcon}>
      <path fill="currentColor" d="M3 5h2v14H3zm3 0h1v14H6zm2 0h2v14H8zm3 0h1v14h-1zm3 0h1v14h-1zm2 0h2v14h-2zm3 0h2v14h-2z" />
    </svg>
  );
}

export function Field({
  name,
  label,
  hint,
  error,
  defaultValue,
  type = 'text',
  inputMode,
  autoComplete,
  maxLength,
  mask,
  className,
  onValue,
  describedBy: extraDescribedBy,
  after,
  optional,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  defaultValue?: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'numeric' | 'email' | 'text';
  autoComplete?: string;
  maxLength?: number;
  mask?: Mask;
  className?: string;
  /** Called with the (masked) value after each edit. */
  onValue?: (value: string) => void;
  describedBy?: string;
  after?: ReactNode;
  optional?: boolean;
}) {
  const id = `campo-${name}`;
  const describedBy = [error ? `${id}-erro` : null, hint ? `${id}-dica` : null, extraDescribedBy ?? null].filter(Boolean).join(' ') || undefined;
  const masked = mask ? maskHandlers(mask) : null;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={masked ? masked.format(defaultValue ?? '') : (defaultValue ?? '')}
        inputMode={inputMode}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        spellCheck={false}
        onChange={(e) => {
          masked?.onChange(e);
          onValue?.(e.currentTarget.value);
        }}
        onFocus={masked?.onFocus}
      />
      {error ? (
        <p id={`${id}-erro`} className="field-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-dica`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {after}
    </div>
  );
}
