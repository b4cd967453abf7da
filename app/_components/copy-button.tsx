'use client';
/** "Copiar" → "Copiado!" for a code shown as text beside it (dashboard order page, sandbox invoice). */
import { useState } from 'react';

export function CopyButton({ value, label = 'Copiar', className = 'btn btn-secondary' }: { value: string; label?: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={className}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          setCopied(false);
        }
      }}
    >
      <span aria-live="polite">{copied ? 'Copiado!' : label}</span>
    </button>
  );
}
