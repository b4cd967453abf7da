'use client';

import { useActionState } from 'react';
import { PUSH_CHOICES } from '@/lib/push/payload';
import type { PushChoices } from '@/lib/push';
import { ActionResult } from '../_components/action-result';
import { savePushChoicesAction } from './push-actions';

/** Per person: which pushes this account's devices get. */
export function PushChoicesForm({ choices }: { choices: PushChoices }) {
  const [state, action, pending] = useActionState(savePushChoicesAction, null);
  return (
    <form action={action} className="stack">
      <fieldset className="stack">
        <legend>Quero receber</legend>
        {PUSH_CHOICES.map((c) => (
          <div key={c.column} className="field">
            <label className="check">
              <input type="checkbox" name={c.column} defaultChecked={choices[c.column]} aria-describedby={`${c.column}-hint`} />
              {c.label}
            </label>
            <p id={`${c.column}-hint`} className="field-hint">
              {c.hint}
            </p>
          </div>
        ))}
      </fieldset>
      <div>
        <button type="submit" className="btn btn-secondary" disabled={pending}>
          {pending ? 'Salvando…' : 'Salvar preferências'}
        </button>
      </div>
      <ActionResult state={state} />
    </form>
  );
}
