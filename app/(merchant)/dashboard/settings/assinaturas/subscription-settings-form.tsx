'use client';

import { useActionState } from 'react';
import type { ActionState } from '@/lib/auth';

const FIELDS = [
  { name: 'pix', label: 'Dias de antecedência (Pix)', help: 'O pedido e o código Pix de cada entrega são criados esse número de dias antes da data. Padrão: 1.' },
  { name: 'boleto', label: 'Dias de antecedência (boleto)', help: 'O boleto precisa de tempo para chegar ao app do banco e ser pago. Padrão: 3.' },
  { name: 'tentativas', label: 'Tentativas', help: 'Entregas seguidas sem pagamento até a assinatura ficar "Suspensa". O assinante recebe um e-mail explicando como retomar. Padrão: 3.' },
] as const;

export function SubscriptionSettingsForm({
  action,
  initial,
  denied,
}: {
  action: (prev: ActionState, form: FormData) => Promise<ActionState>;
  initial: Record<(typeof FIELDS)[number]['name'], string>;
  denied?: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="card stack">
      {state ? (
        <p className={state.ok ? 'alert alert-success' : 'alert alert-error'} role={state.ok ? 'status' : 'alert'}>
          {state.ok ? state.message : state.error}
        </p>
      ) : null}
      {FIELDS.map((f) => {
        const error = state && !state.ok ? state.fieldErrors?.[f.name] : undefined;
        return (
          <div className="field" key={f.name}>
            <label htmlFor={f.name}>{f.label}</label>
            <input
              id={f.name}
              name={f.name}
              inputMode="numeric"
              defaultValue={state && !state.ok ? (state.values?.[f.name] ?? '') : initial[f.name]}
              aria-describedby={`${f.name}-ajuda${error ? ` ${f.name}-erro` : ''}`}
              aria-invalid={error ? true : undefined}
            />
            <p id={`${f.name}-ajuda`} className="small muted">
              {f.help}
            </p>
            {error ? (
              <p id={`${f.name}-erro`} className="field-error">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {denied ? <p className="small muted">{denied}</p> : null}
      <p>
        <button type="submit" className="btn" disabled={pending || !!denied}>
          {pending ? 'Salvando…' : 'Salvar'}
        </button>
      </p>
    </form>
  );
}
