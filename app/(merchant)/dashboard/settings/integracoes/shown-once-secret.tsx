'use client';

import { useEffect, useRef } from 'react';

/**
 * A secret the server shows once (an API key, an endpoint's signing secret): the action's message
 * and the secret in a read-only field, selected as it appears so it can be copied at once. The
 * live region stays in the page so the success is announced.
 */
export function ShownOnceSecret({ id, label, message, secret }: { id: string; label: string; message?: string; secret: string | null }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (secret) ref.current?.select();
  }, [secret]);
  return (
    <div aria-live="polite">
      {secret ? (
        <div className="alert alert-success stack" role="status">
          <p>{message}</p>
          <div className="field">
            <label htmlFor={id}>{label}</label>
            <input ref={ref} id={id} readOnly value={secret} className="mono" data-testid={id} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
