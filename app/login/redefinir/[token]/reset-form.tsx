'use client';

import { useActionState } from 'react';
import { resetPasswordAction } from '../../account-actions';
import { NEW_PASSWORD_HINT, PasswordField } from '../../password-field';

export function ResetForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(resetPasswordAction, null);
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  return (
    <form action={action} className="form-grid" noValidate>
      <input type="hidden" name="token" value={token} />
      <div aria-live="polite">
        {state && !state.ok ? (
          <p className="alert alert-error" role="alert">
            {state.error}
          </p>
        ) : null}
      </div>
      <PasswordField name="password" label="Nova senha" autoComplete="new-password" hint={NEW_PASSWORD_HINT} error={errors.password} />
      <PasswordField name="confirm" label="Confirmar nova senha" autoComplete="new-password" error={errors.confirm} />
      <button type="submit" className="btn btn-block" disabled={pending} aria-disabled={pending}>
        {pending ? 'Salvando…' : 'Salvar nova senha'}
      </button>
    </form>
  );
}
