'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { ActionResult } from '../../../_components/action-result';
import { confirmImportAction } from '../actions';

/** "Confirmar importação": names the stored file and the hash of what was previewed; nothing else travels. */
export function ConfirmImportForm({ importId, sha256, nothingToDo }: { importId: string; sha256: string; nothingToDo: boolean }) {
  const [state, formAction, pending] = useActionState(confirmImportAction, null);
  return (
    <form action={formAction} className="stack">
      <input type="hidden" name="importId" value={importId} />
      <input type="hidden" name="sha256" value={sha256} />
      <ActionResult state={state} />
      <div className="row">
        <button type="submit" className="btn" disabled={pending} aria-disabled={pending}>
          {pending ? 'Importando…' : 'Confirmar importação'}
        </button>
        <Link href="/dashboard/produtos/importar" className="btn btn-secondary">
          Enviar outro arquivo
        </Link>
      </div>
      {nothingToDo ? <p className="small muted">Nenhum produto muda com este arquivo.</p> : null}
    </form>
  );
}
