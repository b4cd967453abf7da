import type { PromotionField } from '@/lib/promotions/admin';

export type FieldState = { values: Partial<Record<PromotionField, string>>; errors: Partial<Record<PromotionField, string>> };

/** One text field of "Nova promoção": its label, its error next to it (described), its hint. */
export function PromoField({ name, label, state, hint, inputMode, type = 'text' }: { name: PromotionField; label: string; state: FieldState; hint?: string; inputMode?: 'numeric' | 'decimal'; type?: 'text' | 'datetime-local' }) {
  const error = state.errors[name];
  const describedBy = [error ? `promo-${name}-erro` : null, hint ? `promo-${name}-dica` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={`promo-${name}`}>{label}</label>
      <input id={`promo-${name}`} name={name} type={type} inputMode={inputMode} defaultValue={state.values[name] ?? ''} aria-invalid={error ? true : undefined} aria-describedby={describedBy} autoComplete="off" />
      {error ? (
        <p id={`promo-${name}-erro`} className="field-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`promo-${name}-dica`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A group of radio buttons with its legend and error. */
export function PromoRadios({ name, legend, options, state, fallback }: { name: PromotionField; legend: string; options: readonly [string, string][]; state: FieldState; fallback: string }) {
  const error = state.errors[name];
  const chosen = state.values[name] || fallback;
  return (
    <fieldset className="field plain-fieldset" aria-describedby={error ? `promo-${name}-erro` : undefined}>
      <legend>{legend}</legend>
      {options.map(([value, label]) => (
        <label key={value} className="check">
          <input type="radio" name={name} value={value} defaultChecked={chosen === value} /> {label}
        </label>
      ))}
      {error ? (
        <p id={`promo-${name}-erro`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
