'use client';

import { useEffect, type RefObject } from 'react';

const SAVE_AFTER_MS = 1200;

/**
 * With JavaScript, the form's fields saved as a draft a moment after the shopper stops typing
 * (app/api/checkout/draft: the cart's, or the payment link's or session's the form names in its
 * hidden `linkCode` / `sessionId`; the server keeps nothing before a valid e-mail or phone,
 * never the CPF/CNPJ). Without JavaScript each submit saves it. Renders nothing: the notice
 * sits next to the e-mail field (buyer-section.tsx).
 */
export function DraftAutosave({ formRef }: { formRef: RefObject<HTMLFormElement | null> }) {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
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
  }, [formRef]);
  return null;
}
