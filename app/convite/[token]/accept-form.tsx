'use client';

import { useActionState } from 'react';
import { acceptInvitationAction } from './actions';
import { NEW_PASSWORD_HINT, PasswordField } from '@/app/login/password-field';

export function AcceptForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(acceptInvitationAction, null);
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
      <div className="field">
        <label htmlFor="name">Seu nome</label>
        <input id="name" name="name" autoComplete="name" required aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? 'name-error' : undefined} />
        {errors.name ? (
          <p id="name-error" className="field-error">
            {errors.name}
          </p>
        ) : null}
      </div>
      <PasswordField name="password" label="Nova senha" autoComplete="new-password" hint={NEW_PASSWORD_HINT} error={errors.password} />
      <PasswordField name="confirm" label="Confirmar nova senha" autoComplete="new-password" error={errors.confirm} />
      <button type="submit" className="btn btn-block" disabled={pending} aria-disabled={pending}>
        {pending ? 'Criando conta…' : 'Aceitar convite'}
      </button>
    </form>
  );
}
