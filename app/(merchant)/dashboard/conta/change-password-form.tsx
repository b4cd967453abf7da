'use client';

import { useActionState } from 'react';
import { FormError, NewPasswordFields, PasswordField } from '@/app/login/password-field';
import { changePasswordAction } from './actions';

export function ChangePasswordForm() {
  const [state, action, pending] = useActionState(changePasswordAction, null);
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  return (
    <form action={action} className="form-grid" noValidate>
      <FormError error={state && !state.ok ? state.error : undefined} />
      <PasswordField name="current" label="Senha atual" autoComplete="current-password" error={errors.current} />
      <NewPasswordFields errors={errors} />
      <div>
        <button type="submit" className="btn" disabled={pending} aria-disabled={pending}>
          {pending ? 'Alterando…' : 'Alterar senha'}
        </button>
      </div>
    </form>
  );
}
