'use client';

import { useActionState } from 'react';
import { NEW_PASSWORD_HINT, PasswordField } from '@/app/login/password-field';
import { changePasswordAction } from './actions';

export function ChangePasswordForm() {
  const [state, action, pending] = useActionState(changePasswordAction, null);
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  return (
    <form action={action} className="form-grid" noValidate>
      <div aria-live="polite">
        {state && !state.ok ? (
          <p className="alert alert-error" role="alert">
            {state.error}
          </p>
        ) : null}
      </div>
      <PasswordField name="current" label="Senha atual" autoComplete="current-password" error={errors.current} />
      <PasswordField name="password" label="Nova senha" autoComplete="new-password" hint={NEW_PASSWORD_HINT} error={errors.password} />
      <PasswordField name="confirm" label="Confirmar nova senha" autoComplete="new-password" error={errors.confirm} />
      <div>
        <button type="submit" className="btn" disabled={pending} aria-disabled={pending}>
          {pending ? 'Alterando…' : 'Alterar senha'}
        </button>
      </div>
    </form>
  );
}
