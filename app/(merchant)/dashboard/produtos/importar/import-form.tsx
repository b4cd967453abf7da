'use client';

import { useActionState, useState } from 'react';
import { IMPORT_MAX_BYTES } from '@/lib/catalog/forms';
import { uploadImportAction } from './actions';

const MAX_KB = IMPORT_MAX_BYTES / 1024;

/** "Importar produtos": the CSV is sent, read and stored; the preview comes next (nothing is saved yet). */
export function ImportForm() {
  const [state, formAction, pending] = useActionState(uploadImportAction, null);
  const [tooLarge, setTooLarge] = useState(false);
  const fileError = tooLarge ? `O arquivo passa de ${MAX_KB} KB. Divida-o em arquivos menores.` : state && !state.ok ? (state.fieldErrors?.file ?? state.error) : undefined;
  return (
    <form action={formAction} className="card stack" noValidate>
      <div className="field">
        <label htmlFor="import-file">Arquivo CSV</label>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          required
          aria-invalid={fileError ? true : undefined}
          aria-describedby={['import-hint', fileError ? 'import-error' : null].filter(Boolean).join(' ')}
          onChange={(e) => setTooLarge((e.currentTarget.files?.[0]?.size ?? 0) > IMPORT_MAX_BYTES)}
        />
        <p id="import-hint" className="field-hint">
          Uma linha por variante, com o mesmo slug nas linhas de um produto. UTF-8 ou Windows (Excel), separado por ponto e vírgula ou vírgula, até {MAX_KB} KB. As colunas são as do
          &quot;Exportar produtos&quot;.
        </p>
        {fileError ? (
          <p id="import-error" className="field-error" role="alert">
            {fileError}
          </p>
        ) : null}
      </div>
      <div>
        <button type="submit" className="btn" disabled={pending || tooLarge}>
          {pending ? 'Lendo o arquivo…' : 'Ver prévia'}
        </button>
      </div>
    </form>
  );
}
