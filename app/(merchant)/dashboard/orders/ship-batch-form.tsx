'use client';

import { useActionState, useState } from 'react';
import { BATCH_MAX_BYTES } from '@/lib/fulfilment/documents-limits';
import type { BatchLine } from '@/lib/fulfilment';
import { shipBatchAction } from '../fulfilment-actions';
import styles from './orders.module.css';

const MAX_KB = BATCH_MAX_BYTES / 1024;

/**
 * "Enviar em lote" on the "A enviar" view: a CSV of order numbers and tracking codes. A plain
 * form (works without JavaScript); the server reads the file by content and answers with what
 * was applied and what was refused, line by line.
 */
export function ShipBatchForm() {
  const [state, formAction, pending] = useActionState(shipBatchAction, null);
  const [tooLarge, setTooLarge] = useState(false);
  const fileError = tooLarge ? `O arquivo passa de ${MAX_KB} KB. Divida-o em arquivos menores.` : state && !state.ok ? state.fieldErrors?.file : undefined;
  const report = state && state.ok && 'report' in state ? state.report : null;

  return (
    <section className="card stack" aria-labelledby="batch-title">
      <h2 id="batch-title">Enviar em lote</h2>
      <form action={formAction} className="stack" noValidate>
        <div className="field">
          <label htmlFor="batch-file">Arquivo CSV</label>
          <input
            id="batch-file"
            name="file"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            required
            aria-invalid={fileError ? true : undefined}
            aria-describedby={['batch-hint', fileError ? 'batch-error' : null].filter(Boolean).join(' ')}
            onChange={(e) => setTooLarge((e.currentTarget.files?.[0]?.size ?? 0) > BATCH_MAX_BYTES)}
          />
          <p id="batch-hint" className="field-hint">
            Uma linha por pedido: número do pedido e código de rastreio, separados por ponto e vírgula ou vírgula (ex.: <code>1001;AB123456785BR</code>). Transportadora
            opcional na terceira coluna (sem ela, Correios). Cabeçalho opcional, como <code>Pedido;Código de rastreio;Transportadora</code>. Até {MAX_KB} KB.
          </p>
          {fileError ? (
            <p id="batch-error" className="field-error">
              {fileError}
            </p>
          ) : null}
        </div>
        <div>
          <button type="submit" className="btn" disabled={pending || tooLarge}>
            {pending ? 'Enviando…' : 'Enviar arquivo'}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {state?.ok === false && !state.fieldErrors?.file ? (
          <p className="alert alert-error" role="alert">
            {state.error}
          </p>
        ) : null}
        {report && state?.ok ? (
          <div className="stack">
            <p className={report.refused.length ? 'alert alert-warning' : 'alert alert-success'} role="status">
              {state.message}
            </p>
            {report.refused.length ? <BatchTable caption="Linhas recusadas" lines={report.refused} last="Motivo" /> : null}
            {report.applied.length ? (
              <details open={report.applied.length <= 20}>
                <summary>Marcados como enviado ({report.applied.length.toLocaleString('pt-BR')})</summary>
                <BatchTable caption="Pedidos marcados como enviado" lines={report.applied} last="Código de rastreio" />
              </details>
            ) : null}
            {report.unchanged.length ? (
              <details>
                <summary>Já enviados com o mesmo código ({report.unchanged.length.toLocaleString('pt-BR')})</summary>
                <BatchTable caption="Linhas sem mudança" lines={report.unchanged} last="Situação" />
              </details>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

function BatchTable({ caption, lines, last }: { caption: string; lines: BatchLine[]; last: 'Motivo' | 'Código de rastreio' | 'Situação' }) {
  return (
    <div className={`card ${styles.tableCard}`}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Linha</th>
            <th scope="col">Pedido</th>
            <th scope="col">{last}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.line}>
              <td>{l.line}</td>
              <td>{l.number || '—'}</td>
              <td>{last === 'Código de rastreio' ? l.code : l.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
