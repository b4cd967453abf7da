import type { ProductField } from '@/lib/catalog/forms';

/** `stockShown`: the stock as the form shows it, posted back so the save can tell whether it changed meanwhile. */
export type ProductFormInitial = Record<ProductField, string> & { stockShown?: string };

/** A product form field's hint (`<name>-hint`) and error (`<name>-error`) ids, for aria-describedby. */
export function describedBy(errors: Partial<Record<string, string>>, f: string, hint = true): string | undefined {
  return [hint ? `${f}-hint` : '', errors[f] ? `${f}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** The server's message next to its field. */
export function FieldError({ errors, name }: { errors: Partial<Record<string, string>>; name: string }) {
  return errors[name] ? (
    <p id={`${name}-error`} className="field-error">
      {errors[name]}
    </p>
  ) : null;
}
