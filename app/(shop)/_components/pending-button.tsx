'use client';

import { useFormStatus } from 'react-dom';

/** A submit button that is disabled while its form's action runs (no double submit). */
export function PendingButton({
  children,
  pendingText,
  className = 'btn',
  describedBy,
  ariaLabel,
  name,
  value,
}: {
  children: React.ReactNode;
  pendingText?: string;
  className?: string;
  describedBy?: string;
  ariaLabel?: string;
  name?: string;
  value?: string;
}) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      className={className}
      disabled={pending}
      aria-describedby={describedBy}
      aria-label={ariaLabel}
      name={name}
      value={value}
    >
      {pending && pendingText ? pendingText : children}
    </button>
  );
}
