'use client';

import { useActionState } from 'react';
import styles from '../settings.module.css';
import { describedBy, FieldNotes } from '../field-notes';
import { SaveBar } from '../save-bar';
import { savePoliciesAction } from './actions';

type Policy = { field: string; title: string; path: string; text: string };

/** The three policy pages' texts, each pre-filled with what the shop shows today. */
export function PoliciesForm({ policies }: { policies: Policy[] }) {
  const [state, formAction, pending] = useActionState(savePoliciesAction, null);
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  const typed = state && !state.ok ? state.values : undefined;
  return (
    <form action={formAction} className="stack" noValidate>
      <fieldset className={`card ${styles.group}`}>
        <legend>Políticas da loja</legend>
        <p className="field-hint">
          Em Markdown simples: # título, - lista, **negrito**, *itálico*, [texto](https://…). HTML não é aceito. Apague todo o texto para voltar ao padrão.
        </p>
        {policies.map((p) => (
          <div className="field" key={p.field}>
            <label htmlFor={p.field}>{p.title}</label>
            <textarea
              id={p.field}
              name={p.field}
              rows={12}
              defaultValue={typed?.[p.field] ?? p.text}
              aria-invalid={errors[p.field] ? true : undefined}
              aria-describedby={describedBy(p.field, { error: errors[p.field] })}
            />
            <FieldNotes
              name={p.field}
              hint={
                <>
                  Publicada em <a href={p.path}>{p.path}</a>.
                </>
              }
              error={errors[p.field]}
            />
          </div>
        ))}
      </fieldset>
      <SaveBar state={state} pending={pending} label="Salvar políticas" />
    </form>
  );
}
