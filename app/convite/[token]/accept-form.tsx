'use client';

import { useActionState } from 'react';
import { acceptInvitationAction } from './actions';
import { FormError, NewPasswordFields } from '@/app/login/password-field';

export function AcceptForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(acceptInvitationAction, null);
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  return (
    <form action={action} className="form-grid" noValidate>
      <input type="hidden" name="token" value={token} />
      <FormError error={state && !state.ok ? state.error : undefined} />
      <div className="field">
        <label htmlFor="name">Seu nome</label>
        <input id="name" name="name" autoComplete="name" required aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? 'name-error' : undefined} />
        {errors.name ? (
          <p id="name-error" className="field-error">
            {errors.name}
          </p>
        ) : null}
      </div>
      <NewPasswordFields errors={errors} />
      <button type="submit" className="btn btn-block" disabled={pending} aria-disabled={pending}>
        {pending ? 'Criando conta…' : 'Aceitar convite'}
      </button>
    </form>
  );
}
