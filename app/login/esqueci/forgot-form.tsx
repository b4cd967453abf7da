'use client';

import { useActionState } from 'react';
import { requestResetAction } from '../account-actions';

export function ForgotForm() {
  const [state, action, pending] = useActionState(requestResetAction, null);
  const error = state && !state.ok ? state.fieldErrors?.email : undefined;
  return (
    <form action={action} className="form-grid" noValidate>
      <div aria-live="polite">
        {state?.ok ? (
          <p className="alert alert-success" role="status">
            {state.message}
          </p>
        ) : state && !state.ok && !error ? (
          <p className="alert alert-error" role="alert">
            {state.error}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="email">E-mail</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          defaultValue={state && !state.ok ? state.values?.email : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'email-error' : undefined}
        />
        {error ? (
          <p className="field-error" id="email-error">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn-block" disabled={pending} aria-disabled={pending}>
        {pending ? 'Enviando…' : 'Enviar link'}
      </button>
    </form>
  );
}
