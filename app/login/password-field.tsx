/** A password input with its label, hint and error tied by aria-describedby (the account forms). */
export function PasswordField({
  name,
  label,
  autoComplete,
  error,
  hint,
}: {
  name: string;
  label: string;
  autoComplete: 'new-password' | 'current-password';
  error?: string;
  hint?: string;
}) {
  const describedBy = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input id={name} name={name} type="password" autoComplete={autoComplete} required aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
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
    </div>
  );
}

export const NEW_PASSWORD_HINT = 'Pelo menos 10 caracteres. Evite senhas comuns.';

/** "Nova senha" and "Confirmar nova senha", as every form that sets a password asks for them. */
export function NewPasswordFields({ errors }: { errors: { password?: string; confirm?: string } }) {
  return (
    <>
      <PasswordField name="password" label="Nova senha" autoComplete="new-password" hint={NEW_PASSWORD_HINT} error={errors.password} />
      <PasswordField name="confirm" label="Confirmar nova senha" autoComplete="new-password" error={errors.confirm} />
    </>
  );
}

/** An account form's refusal, announced to screen readers (the live region is always there, so it is heard). */
export function FormError({ error }: { error?: string }) {
  return (
    <div aria-live="polite">
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
