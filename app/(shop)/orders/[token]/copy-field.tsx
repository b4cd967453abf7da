'use client';

import { useEffect, useId, useRef, useState } from 'react';
import styles from './order.module.css';

/** A read-only code with "Copiar" (clipboard API, falling back to selecting the text); "Copiado!" for 2 s. */
export function CopyField({
  label,
  value,
  copyValue,
  multiline = false,
  rows = 3,
  breakAnywhere = true,
}: {
  label: string;
  value: string;
  copyValue?: string;
  multiline?: boolean;
  rows?: number;
  /** false: wrap only between the groups of a formatted code (the digitable line). */
  breakAnywhere?: boolean;
}) {
  const id = useId();
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);

  async function copy() {
    const text = copyValue ?? value;
    let ok = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        ok = true;
      }
    } catch {
      ok = false;
    }
    if (!ok) {
      const el = fieldRef.current;
      if (el) {
        el.focus();
        el.select();
        el.setSelectionRange(0, el.value.length);
        try {
          ok = document.execCommand('copy');
        } catch {
          ok = false;
        }
      }
    }
    setFailed(!ok);
    setCopied(ok);
  }

  return (
    <div className={`field ${styles.copyField}`}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.copyRow}>
        {multiline ? (
          <textarea id={id} ref={fieldRef} readOnly value={value} rows={rows} className={`mono ${styles.copyInput} ${breakAnywhere ? '' : styles.wrapGroups}`} onFocus={(e) => e.currentTarget.select()} spellCheck={false} />
        ) : (
          <input id={id} ref={fieldRef} readOnly value={value} className={`mono ${styles.copyInput}`} onFocus={(e) => e.currentTarget.select()} spellCheck={false} />
        )}
        <button type="button" className={`btn ${copied ? styles.copied : ''} ${styles.copyButton}`} onClick={copy} aria-describedby={`${id}-aviso`}>
          {copied ? 'Copiado!' : 'Copiar'}
        </button>
      </div>
      <p id={`${id}-aviso`} className={failed ? 'field-hint' : 'visually-hidden'} role="status" aria-live="polite">
        {copied ? `${label} copiado para a área de transferência.` : failed ? 'Não deu para copiar automaticamente: o código foi selecionado, copie pelo menu do celular.' : ''}
      </p>
    </div>
  );
}
