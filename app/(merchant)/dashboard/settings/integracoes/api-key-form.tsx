'use client';

import { useActionState, useEffect, useRef } from 'react';
import { API_KEY_NAME_MAX } from '@/lib/public-api/key-limits';
import { createApiKeyAction, type KeyCreatedState } from './actions';
import { ShownOnceSecret } from './shown-once-secret';
import styles from '../settings.module.css';

/**
 * "Criar chave de API": "Nome", which orders the key covers ("Somente os pedidos criados por
 * esta chave" unless the merchant widens it) and "Permitir reembolsos" (off unless ticked). The
 * key comes back once, in a read-only field focused so it can be copied; a refused name shows
 * its error next to the field, and the choices typed are kept.
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
      <fieldset className="field">
        <legend>Pedidos que a chave pode ver</legend>
        <div className={styles.switch}>
          <input type="radio" id="api-key-scope-own" name="orderScope" value="own" defaultChecked={failed?.values?.orderScope !== 'all'} />
          <label htmlFor="api-key-scope-own">Somente os pedidos criados por esta chave</label>
        </div>
        <div className={styles.switch}>
          <input type="radio" id="api-key-scope-all" name="orderScope" value="all" defaultChecked={failed?.values?.orderScope === 'all'} />
          <label htmlFor="api-key-scope-all">Todos os pedidos da loja</label>
        </div>
        <p className="field-hint">Com “Todos os pedidos da loja”, a chave lê os dados dos compradores de qualquer pedido, inclusive os do catálogo.</p>
      </fieldset>
      <div className={styles.switch}>
        <input type="checkbox" id="api-key-refunds" name="allowRefunds" defaultChecked={failed?.values?.allowRefunds === 'on'} aria-describedby="api-key-refunds-dica" />
        <label htmlFor="api-key-refunds">Permitir reembolsos</label>
      </div>
      <p id="api-key-refunds-dica" className="field-hint">
        A chave pode reembolsar pedidos Pix pagos, dentro dos pedidos que ela vê.
      </p>
      <div>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Criando…' : 'Criar chave de API'}
        </button>
      </div>
      <ShownOnceSecret id="api-key-secret" label="Chave de API" message={state?.ok ? state.message : undefined} secret={secret} />
    </form>
  );
}
