'use client';

import { useActionState } from 'react';
import type { ActionState } from '@/lib/auth';
import { SaveBar } from '../save-bar';

export function ReviewSettingsForm({
  action,
  delayDays,
  autoPublishHigh,
  denied,
}: {
  action: (prev: ActionState, form: FormData) => Promise<ActionState>;
  delayDays: number;
  autoPublishHigh: boolean;
  denied?: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const error = state && !state.ok ? state.fieldErrors?.dias : undefined;
  return (
    <form action={formAction} className="card stack">
      <div className="field">
        <label htmlFor="dias">Dias após a entrega</label>
        <input
          id="dias"
          name="dias"
          inputMode="numeric"
          defaultValue={state && !state.ok ? (state.values?.dias ?? '') : String(delayDays)}
          aria-describedby={`dias-ajuda${error ? ' dias-erro' : ''}`}
          aria-invalid={error ? true : undefined}
        />
        <p id="dias-ajuda" className="small muted">
          &quot;Avalie sua compra&quot; vai esse número de dias depois de &quot;Entregue&quot; ou &quot;Retirado&quot; (produto digital: depois do pagamento).
        </p>
        {error ? (
          <p id="dias-erro" className="field-error">
            {error}
          </p>
        ) : null}
      </div>
      <label className="check">
        <input type="checkbox" name="publicar" defaultChecked={autoPublishHigh} /> Publicar automaticamente notas 4 e 5
      </label>
      <SaveBar state={state} pending={pending} label="Salvar" denied={denied} />
    </form>
  );
}
