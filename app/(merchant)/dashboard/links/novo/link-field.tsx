import type { LinkField } from '@/lib/links/words';

/** What the "Novo link" parts share: what was typed (or the defaults) and the server's message per field. */
export type LinkFieldsProps = { values: Partial<Record<LinkField, string>>; errors: Record<string, string> };

/** The field's error (`<name>-erro`) and hint (`<name>-dica`) ids, for aria-describedby. */
export function describedBy(errors: Record<string, string>, name: LinkField, hint: boolean): string | undefined {
  return [errors[name] ? `${name}-erro` : null, hint ? `${name}-dica` : null].filter(Boolean).join(' ') || undefined;
}

/** The server's message next to its field. */
export function FieldError({ errors, name }: { errors: Record<string, string>; name: LinkField }) {
  return errors[name] ? (
    <p id={`${name}-erro`} className="field-error">
      {errors[name]}
    </p>
  ) : null;
}
