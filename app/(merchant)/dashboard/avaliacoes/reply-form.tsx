'use client';

import { useActionState, useId } from 'react';
import type { ActionState } from '@/lib/auth';

/** "Responder": the shop's public reply under a review (an empty reply removes it). */
export function ReplyForm({
  action,
  reviewId,
  slug,
  reply,
  denied,
}: {
  action: (prev: ActionState, form: FormData) => Promise<ActionState>;
  reviewId: number;
  slug: string;
  reply: string | null;
  denied?: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const id = useId();
  return (
    <form action={formAction} className="stack">
      <input type="hidden" name="reviewId" value={reviewId} />
      <input type="hidden" name="slug" value={slug} />
      <div className="field">
        <label htmlFor={`${id}-resposta`}>Resposta</label>
        <textarea id={`${id}-resposta`} name="resposta" rows={2} maxLength={1000} defaultValue={reply ?? ''} disabled={!!denied} aria-describedby={denied ? `${id}-negado` : undefined} />
      </div>
      {state ? (
        <p className={state.ok ? 'alert alert-success' : 'alert alert-error'} role={state.ok ? 'status' : 'alert'}>
          {state.ok ? state.message : state.error}
        </p>
      ) : null}
      {denied ? (
        <p id={`${id}-negado`} className="field-hint" data-testid="permission-note">
          {denied}
        </p>
      ) : null}
      <p>
        <button type="submit" className="btn btn-secondary" disabled={pending || !!denied}>
          {pending ? 'Salvando…' : 'Responder'}
        </button>
      </p>
    </form>
  );
}
