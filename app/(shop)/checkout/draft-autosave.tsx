'use client';

import Link from 'next/link';
import { useEffect, useRef } from 'react';

const SAVE_AFTER_MS = 1200;

/**
 * Below the form's fields, before paying (placed there so the fields above keep their place on
 * a phone): the shop may send a reminder about this purchase (the privacy policy
 * says how), and, with JavaScript, the form's fields saved as a draft a moment after the shopper
 * stops typing (app/api/checkout/draft; the server keeps nothing before a valid e-mail or phone,
 * never the CPF/CNPJ). Without JavaScript each submit saves it.
 */
export function DraftAutosave() {
  const marker = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const form = marker.current?.closest('form');
    if (!form || window.location.pathname !== '/checkout') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      const data = new FormData(form);
      data.delete('document');
      void fetch('/api/checkout/draft', { method: 'POST', body: data, credentials: 'same-origin', keepalive: true }).catch(() => {});
    };
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_AFTER_MS);
    };
    // A submit saves (or converts) the draft itself: the pending autosave is dropped (a late one
    // after the order starts no new draft: the server refuses it).
    const onSubmit = () => clearTimeout(timer);
    form.addEventListener('input', onInput);
    form.addEventListener('change', onInput);
    form.addEventListener('submit', onSubmit);
    return () => {
      form.removeEventListener('submit', onSubmit);
      clearTimeout(timer);
      form.removeEventListener('input', onInput);
      form.removeEventListener('change', onInput);
    };
  }, []);
  return (
    <p ref={marker} className="small muted" data-testid="draft-notice">
      A loja pode enviar um lembrete sobre esta compra ao seu e-mail se você não a concluir. Veja a <Link href="/politicas/privacidade">Política de privacidade</Link>.
    </p>
  );
}
