import type { ReactNode } from 'react';

/** The ids a settings field's input is described by: its hint, then its error when it has one. */
export function describedBy(name: string, { hint = true, error }: { hint?: boolean; error?: string }): string | undefined {
  return [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** A settings field's hint and error under its input, with the ids `describedBy` names. */
export function FieldNotes({ name, hint, error }: { name: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${name}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${name}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
