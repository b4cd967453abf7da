import type { DigitalKind } from '@/db/schema';
import type { ActionState } from '@/lib/auth/action-state';
import { ActionResult } from '../../_components/action-result';

/** "Link" or "Texto": what the buyer receives, saved by the server action (works without JavaScript). */
export function DigitalAccessForm({
  productId,
  kind,
  initial,
  action,
}: {
  productId: number;
  kind: Exclude<DigitalKind, 'file'>;
  initial: { url: string; text: string };
  /** The section's useActionState of saveDigitalAction: kept there, so switching kinds keeps its messages. */
  action: [state: ActionState, formAction: (form: FormData) => void, pending: boolean];
}) {
  const [state, formAction, pending] = action;
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  const values = state && !state.ok && state.values ? state.values : { digitalUrl: initial.url, digitalText: initial.text };
  return (
    <form action={formAction} className="stack" noValidate key={state?.at ?? 0}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="digitalKind" value={kind} />
      {kind === 'link' ? (
        <div className="field">
          <label htmlFor="digital-url">Link</label>
          <input
            id="digital-url"
            name="digitalUrl"
            type="url"
            inputMode="url"
            defaultValue={values.digitalUrl ?? ''}
            placeholder="https://"
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={errors.url ? 'digital-url-error' : undefined}
          />
          {errors.url ? (
            <p id="digital-url-error" className="field-error">
              {errors.url}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="field">
          <label htmlFor="digital-text">Texto</label>
          <textarea
            id="digital-text"
            name="digitalText"
            rows={4}
            maxLength={2000}
            defaultValue={values.digitalText ?? ''}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={errors.text ? 'digital-text-error' : undefined}
          />
          {errors.text ? (
            <p id="digital-text-error" className="field-error">
              {errors.text}
            </p>
          ) : null}
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={pending} style={{ alignSelf: 'flex-start' }}>
        {pending ? 'Salvando…' : 'Salvar'}
      </button>
      <ActionResult state={state} />
    </form>
  );
}
