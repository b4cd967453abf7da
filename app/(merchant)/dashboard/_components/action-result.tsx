import type { ActionState } from '@/lib/auth';

/** The pt-BR outcome of an action, announced to screen readers. */
export function ActionResult({ state }: { state: ActionState }) {
  return (
    <div aria-live="polite">
      {state?.ok === true ? (
        <p className="alert alert-success" role="status">
          {state.message}
        </p>
      ) : state?.ok === false ? (
        <p className="alert alert-error" role="alert">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
