'use client';

import { useEffect, useId, useRef } from 'react';
import styles from './components.module.css';

/**
 * A modal confirmation (<dialog>): focus stays inside, Esc closes. Its confirm button
 * submits the form the dialog lives in.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  confirmClassName = 'btn',
  pending,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  confirmClassName?: string;
  pending: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <h2 id={titleId} className={styles.dialogTitle}>
        {title}
      </h2>
      <div className={styles.dialogBody}>{children}</div>
      <div className={styles.dialogActions}>
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
          Voltar
        </button>
        <button type="submit" className={confirmClassName} disabled={pending} aria-disabled={pending}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
