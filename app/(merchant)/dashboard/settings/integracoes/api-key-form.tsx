'use client';

import { useActionState, useEffect, useRef } from 'react';
import { API_KEY_NAME_MAX } from '@/lib/api/key-limits';
import { createApiKeyAction, type KeyCreatedState } from './actions';

/**
 * "Criar chave de API" with its one field "Nome". The key comes back once, in a read-only field
 * focused so it can be copied; a refused name shows its error next to the field.
 */
export function ApiKeyForm() {
  const [state, formAction, pending] = useActionState<KeyCreatedState, FormData>(createApiKeyAction, null);
  const failed = state && !state.ok ? state : null;
  const secret = state && state.ok && 'secret' in state ? state.secret : null;
  const nameError = failed?.fieldErrors?.name;
  const nameRef = useRef<HTMLInputElement>(null);
  const secretRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (nameError) nameRef.current?.focus();
  }, [nameError, state]);
  useEffect(() => {
    if (secret) secretRef.current?.select();
  }, [secret]);

  return (
    <form action={formAction} noValidate className="card stack">
      <h3>Nova chave</h3>
      {failed && !nameError ? (
        <p className="alert alert-error" role="alert">
          {failed.error}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="api-key-name">Nome</label>
        <input
          ref={nameRef}
          id="api-key-name"
          name="name"
          maxLength={API_KEY_NAME_MAX}
          autoComplete="off"
          defaultValue={failed?.values?.name ?? ''}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'api-key-name-erro api-key-name-dica' : 'api-key-name-dica'}
        />
        {nameError ? (
          <p id="api-key-name-erro" className="field-error">
            {nameError}
          </p>
        ) : null}
        <p id="api-key-name-dica" className="field-hint">
          Para lembrar onde ela é usada, como “Site WordPress”.
        </p>
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Criando…' : 'Criar chave de API'}
        </button>
      </div>
      <div aria-live="polite">
        {secret && state?.ok ? (
          <div className="alert alert-success stack" role="status">
            <p>{state.message}</p>
            <div className="field">
              <label htmlFor="api-key-secret">Chave de API</label>
              <input ref={secretRef} id="api-key-secret" readOnly value={secret} className="mono" data-testid="api-key-secret" />
            </div>
          </div>
        ) : null}
      </div>
    </form>
  );
}
