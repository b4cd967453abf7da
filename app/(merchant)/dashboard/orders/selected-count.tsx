'use client';

import { useEffect, useState } from 'react';

/**
 * "3 selecionados" in the bulk bar, counted from the list's checkboxes as they change. The bar's
 * buttons show only while something is checked (CSS :has in orders.module.css, so that works
 * without JavaScript too); this count is the words beside them.
 */
export function SelectedCount({ formId, initial, total }: { formId: string; initial: number; total: number }) {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    const recount = () => {
      const all = form.querySelector<HTMLInputElement>('input[name="todos"]')?.checked;
      setCount(all ? total : form.querySelectorAll('input[name="pedido"]:checked').length);
    };
    form.addEventListener('change', recount);
    return () => form.removeEventListener('change', recount);
  }, [formId, total]);
  return (
    <strong className="small" aria-live="polite" data-testid="bulk-count">
      {count === 1 ? '1 selecionado' : `${count.toLocaleString('pt-BR')} selecionados`}
    </strong>
  );
}
