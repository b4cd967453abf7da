'use client';

import { useActionState, useState } from 'react';
import type { ActionState } from '@/lib/auth';
import { describedBy, FieldNotes } from './field-notes';

type Action = (previous: ActionState, form: FormData) => Promise<ActionState>;

/**
 * The state of a settings form with "Testar conexão" beside its save (WhatsApp, Melhor Envio):
 * the action's answer, each field's error, the values to show and a text field that shows them.
 * "Testar conexão" saves nothing, so what was typed stays in the form after React resets it,
 * except the `secrets` (a token is never put back on the page).
 */
export function useConnectionForm(action: Action, initial: Record<string, string>, secrets: string[]) {
  const [typed, setTyped] = useState<Record<string, string> | null>(null);
  const [state, formAction, pending] = useActionState(async (previous: ActionState, form: FormData) => {
    setTyped(form.get('intent') === 'test' ? Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string' && !secrets.includes(e[0]))) : null);
    return action(previous, form);
  }, null);
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  const values = (state && !state.ok ? state.values : undefined) ?? typed ?? initial;
  const text = (name: string, label: string, hint?: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input id={name} name={name} defaultValue={values[name] ?? ''} aria-invalid={errors[name] ? true : undefined} aria-describedby={describedBy(name, { hint: !!hint, error: errors[name] })} {...props} />
      <FieldNotes name={name} hint={hint} error={errors[name]} />
    </div>
  );
  return { state, formAction, pending, errors, values, text };
}

/** "Testar conexão": submits the form with intent=test (the action checks the account and saves nothing). */
export function TestConnectionButton({ pending }: { pending: boolean }) {
  return (
    <button type="submit" name="intent" value="test" className="btn btn-secondary" disabled={pending}>
      Testar conexão
    </button>
  );
}
