'use client';

import { useActionState } from 'react';
import { NOTE_MAX_LENGTH } from '@/lib/orders/words';
import { ActionResult } from '../../_components/action-result';
import { addOrderNoteAction } from '../../notes-actions';
import styles from './order.module.css';

export type NoteView = { key: string; body: string; by: string; at: string; when: string };

/**
 * "Notas internas": the team's notes on the order, and "Adicionar nota" for whoever may write
 * them. A plain form (works without JavaScript); after a note is added the field starts empty.
 */
export function NotesCard({ orderId, notes, canWrite }: { orderId: string; notes: NoteView[]; canWrite: boolean }) {
  const [state, formAction, pending] = useActionState(addOrderNoteAction, null);
  const error = state && !state.ok ? state.fieldErrors?.body : undefined;
  const typed = state && !state.ok ? state.values?.body : undefined;
  return (
    <section className="card stack" aria-labelledby="notes-title" data-testid="notes">
      <h2 id="notes-title">Notas internas</h2>
      {notes.length === 0 ? (
        <p className="small muted">Nenhuma nota. Só a equipe vê as notas; o comprador não.</p>
      ) : (
        <ul className={styles.notes}>
          {notes.map((n) => (
            <li key={n.key}>
              <p className={styles.noteBody}>{n.body}</p>
              <p className="small muted">
                {n.by} · <time dateTime={n.at}>{n.when}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        // Keyed on the result: after a note is added the field is empty again; a refused one keeps what was typed.
        <form key={state?.at ?? 0} action={formAction} className="stack" noValidate>
          <input type="hidden" name="orderId" value={orderId} />
          <div className="field">
            <label htmlFor="note-body">Nova nota</label>
            <textarea
              id="note-body"
              name="body"
              rows={3}
              maxLength={NOTE_MAX_LENGTH}
              defaultValue={typed ?? ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'note-body-error' : undefined}
            />
            {error ? (
              <p id="note-body-error" className="field-error">
                {error}
              </p>
            ) : null}
          </div>
          <div>
            <button type="submit" className="btn btn-secondary" disabled={pending} aria-disabled={pending}>
              {pending ? 'Adicionando…' : 'Adicionar nota'}
            </button>
          </div>
        </form>
      ) : null}
      <ActionResult state={state} />
    </section>
  );
}
