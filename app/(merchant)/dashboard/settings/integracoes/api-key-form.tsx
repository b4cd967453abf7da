'use client';

import { useActionState, useEffect, useRef } from 'react';
import { API_KEY_NAME_MAX } from '@/lib/api/key-limits';
import { createApiKeyAction, type KeyCreatedState } from './actions';
import { ShownOnceSecret } from './shown-once-secret';

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

  useEffect(() => {
    if (nameError) nameRef.current?.focus();
  }, [nameError, state]);

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
      <ShownOnceSecret id="api-key-secret" label="Chave de API" message={state?.ok ? state.message : undefined} secret={secret} />
    </form>
  );
}
