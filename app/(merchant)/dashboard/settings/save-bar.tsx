import type { ActionState } from '@/lib/auth';
import { ActionResult } from '../_components/action-result';
import styles from './settings.module.css';

/**
 * The foot of a settings form: what the last save did (announced, ActionResult), why this role
 * may not save (`denied`: the button stays disabled), and the save button (disabled while saving).
 */
export function SaveBar({ state, pending, label, denied }: { state: ActionState; pending: boolean; label: string; denied?: string }) {
  return (
    <>
      <div className={styles.result}>
        <ActionResult state={state} />
      </div>
      {denied ? <p className="small muted">{denied}</p> : null}
      <div>
        <button type="submit" className="btn" disabled={pending || !!denied} aria-disabled={pending}>
          {pending ? 'Salvando…' : label}
        </button>
      </div>
    </>
  );
}
