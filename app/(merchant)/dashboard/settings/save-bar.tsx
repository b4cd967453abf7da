import type { ActionState } from '@/lib/auth/action-state';
import { ActionResult } from '../_components/action-result';
import styles from './settings.module.css';

/** The foot of a settings form: what the last save did, and the save button (disabled while saving). */
export function SaveBar({ state, pending, label }: { state: ActionState; pending: boolean; label: string }) {
  return (
    <>
      <div className={styles.result}>
        <ActionResult state={state} />
      </div>
      <div>
        <button type="submit" className="btn" disabled={pending} aria-disabled={pending}>
          {pending ? 'Salvando…' : label}
        </button>
      </div>
    </>
  );
}
