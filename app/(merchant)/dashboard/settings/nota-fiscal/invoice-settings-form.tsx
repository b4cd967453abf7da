'use client';

import { useActionState } from 'react';
import { ActionResult } from '@/app/(merchant)/dashboard/_components/action-result';
import styles from '../settings.module.css';
import { describedBy, FieldNotes } from '../field-notes';
import { saveInvoiceSettingsAction } from './actions';

/** Natureza de operação (Bling's list) and "Emitir automaticamente quando o pedido for pago". */
export function InvoiceSettingsForm({ natures, initial }: { natures: { id: string; descricao: string }[]; initial: { natureId: string | null; autoEmit: boolean } }) {
  const [state, formAction, pending] = useActionState(saveInvoiceSettingsAction, null);
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  return (
    <form action={formAction} className="stack" noValidate>
      <fieldset className={`card ${styles.group}`}>
        <legend>Emissão</legend>
        <div className="stack">
          <div className="field">
            <label htmlFor="natureId">Natureza de operação</label>
            <select id="natureId" name="natureId" defaultValue={initial.natureId ?? ''} aria-invalid={errors.natureId ? true : undefined} aria-describedby={describedBy('natureId', { hint: true, error: errors.natureId })}>
              <option value="">Escolha…</option>
              {natures.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.descricao}
                </option>
              ))}
            </select>
            <FieldNotes name="natureId" hint="A lista vem do seu Bling (Cadastros → Naturezas de operação)." error={errors.natureId} />
          </div>
          <div className={styles.checkRow}>
            <input type="checkbox" id="autoEmit" name="autoEmit" defaultChecked={initial.autoEmit} />
            <label htmlFor="autoEmit">Emitir automaticamente quando o pedido for pago</label>
          </div>
        </div>
      </fieldset>
      <ActionResult state={state} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Salvando…' : 'Salvar'}
        </button>
      </div>
    </form>
  );
}
