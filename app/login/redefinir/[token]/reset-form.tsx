'use client';

import { useActionState } from 'react';
import { resetPasswordAction } from '../../account-actions';
import { FormError, NewPasswordFields } from '../../password-field';

export function ResetForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(resetPasswordAction, null);
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  return (
    <form action={action} className="form-grid" noValidate>
      <input type="hidden" name="token" value={token} />
      <FormError error={state && !state.ok ? state.error : undefined} />
      <NewPasswordFields errors={errors} />
      <button type="submit" className="btn btn-block" disabled={pending} aria-disabled={pending}>
        {pending ? 'Salvando…' : 'Salvar nova senha'}
      </button>
    </form>
  );
}
