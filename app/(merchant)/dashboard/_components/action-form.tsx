'use client';

import { useActionState, useId, useState } from 'react';
import type { ActionState } from '@/lib/auth';
import { ActionResult } from './action-result';
import { ConfirmDialog } from './confirm-dialog';
import styles from './components.module.css';

type Action = (prev: ActionState, form: FormData) => Promise<ActionState>;

/**
 * One button that runs a server action, optionally after a confirmation dialog. The button
 * is disabled while the action runs (no double submit); the result stays on screen even
 * when the action made the button unavailable.
 */
export function ActionForm({
  action,
  fields = {},
  label,
  pendingLabel,
  className = 'btn btn-secondary',
  available = true,
  confirm,
  hint,
  denied,
}: {
  action: Action;
  fields?: Record<string, string>;
  label: string;
  pendingLabel: string;
  className?: string;
  available?: boolean;
  confirm?: { title: string; body: React.ReactNode; confirmLabel: string; confirmClassName?: string };
  hint?: React.ReactNode;
  /** Why this role may not use it (lib/auth/permissions.ts refusalMessage): the button shows disabled with the reason. */
  denied?: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const [open, setOpen] = useState(false);
  const deniedId = useId();
  if (!available && !state) return null;
  if (denied) {
    return (
      <div className={styles.actionForm}>
        <button type="button" className={className} disabled aria-describedby={deniedId}>
          {label}
        </button>
        <p id={deniedId} className="field-hint" data-testid="permission-note">
          {denied}
        </p>
      </div>
    );
  }
  return (
    <form action={formAction} onSubmit={() => setOpen(false)} className={styles.actionForm}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {available ? (
        <>
          {confirm ? (
            <button type="button" className={className} disabled={pending} onClick={() => setOpen(true)}>
              {pending ? pendingLabel : label}
            </button>
          ) : (
            <button type="submit" className={className} disabled={pending} aria-disabled={pending}>
              {pending ? pendingLabel : label}
            </button>
          )}
          {hint ? <p className="field-hint">{hint}</p> : null}
          {confirm ? (
            <ConfirmDialog
              open={open}
              onClose={() => setOpen(false)}
              title={confirm.title}
              confirmLabel={confirm.confirmLabel}
              confirmClassName={confirm.confirmClassName}
              pending={pending}
            >
              {confirm.body}
            </ConfirmDialog>
          ) : null}
        </>
      ) : null}
      <ActionResult state={state} />
    </form>
  );
}
