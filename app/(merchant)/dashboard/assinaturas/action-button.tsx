'use client';

import { useActionState } from 'react';
import type { ActionState } from '@/lib/auth';

type Props = {
  action: (prev: ActionState | null, form: FormData) => Promise<ActionState>;
  fields: Record<string, string>;
  label: string;
  danger?: boolean;
  children?: React.ReactNode;
};

/** One merchant action as a small form (works without JavaScript) and its answer beside it. */
export function ActionButton({ action, fields, label, danger, children }: Props) {
  const [state, run, pending] = useActionState<ActionState | null, FormData>(action, null);
  return (
    <form action={run} className="row">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button className={`btn ${danger ? 'btn-danger' : 'btn-secondary'}`} type="submit" disabled={pending}>
        {label}
      </button>
      {state ? (
        <span className={state.ok ? 'small' : 'small field-error'} role="status">
          {state.ok ? state.message : state.error}
        </span>
      ) : null}
    </form>
  );
}
