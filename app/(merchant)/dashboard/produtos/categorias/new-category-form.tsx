'use client';

import { useActionState } from 'react';
import { CATEGORY_NAME_MAX } from '@/lib/catalog/forms';
import { ActionResult } from '../../_components/action-result';
import { createCategoryAction } from '../actions';

/** "Nova categoria": a name; its page's address is made from it. */
export function NewCategoryForm() {
  const [state, formAction, pending] = useActionState(createCategoryAction, null);
  const error = state && !state.ok ? state.fieldErrors?.name : undefined;
  return (
    <form action={formAction} className="card stack" noValidate key={state?.at ?? 0}>
      <h2>Nova categoria</h2>
      <div className="field">
        <label htmlFor="category-name">Nome</label>
        <input
          id="category-name"
          name="name"
          maxLength={CATEGORY_NAME_MAX + 10}
          autoComplete="off"
          defaultValue={state && !state.ok ? state.values?.name : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'category-name-error' : undefined}
        />
        {error ? (
          <p id="category-name-error" className="field-error">
            {error}
          </p>
        ) : null}
      </div>
      <ActionResult state={state} />
      <div className="row">
        <button type="submit" className="btn" disabled={pending} aria-disabled={pending}>
          {pending ? 'Criando…' : 'Criar categoria'}
        </button>
      </div>
    </form>
  );
}
