'use client';

import { useRouter } from 'next/navigation';
import { useActionState, useRef, useState } from 'react';
import type { DigitalKind } from '@/db/schema';
import { ActionResult } from '../../_components/action-result';
import { ActionForm } from '../../_components/action-form';
import { removeDigitalAction, saveDigitalAction } from '../../digital-actions';

const MAX_BYTES = 25 * 1024 * 1024;

export type DigitalInitial = {
  kind: DigitalKind | null;
  url: string;
  text: string;
  /** "guia.pdf (PDF, 1,2 MB)" */
  fileLabel: string | null;
};

type Answer = { ok: boolean; error?: string; fileId?: number; parts?: number; partBytes?: number };

function post(url: string, body: Blob | null, onProgress?: (fraction: number) => void): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    // The server reads what the bytes are; the browser's guess from the name is not sent.
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    if (onProgress) xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as Answer);
      } catch {
        resolve({ ok: false, error: 'O servidor não respondeu como esperado. Tente novamente.' });
      }
    };
    xhr.onerror = () => resolve({ ok: false, error: 'Falha de conexão. Confira a internet e tente novamente.' });
    xhr.send(body);
  });
}

/** Sends a file in its parts (the route's answer says how many and how big), in order. */
async function uploadFile(productId: number, file: File, onProgress: (fraction: number) => void): Promise<Answer> {
  const base = `/api/dashboard/products/${productId}/digital`;
  const started = await post(`${base}?name=${encodeURIComponent(file.name)}&size=${file.size}`, null);
  if (!started.ok || !started.fileId || !started.parts || !started.partBytes) return started;
  for (let i = 0; i < started.parts; i++) {
    const part = file.slice(i * started.partBytes, (i + 1) * started.partBytes);
    const r = await post(`${base}?file=${started.fileId}&part=${i}`, part, (f) => onProgress((i + f) / started.parts!));
    if (!r.ok) return r;
  }
  return { ok: true };
}

const KINDS: { kind: DigitalKind; label: string; hint: string }[] = [
  { kind: 'file', label: 'Arquivo', hint: 'PDF, ZIP, EPUB ou MP4 de até 25 MB, baixado pelo comprador.' },
  { kind: 'link', label: 'Link', hint: 'Um endereço (um curso, uma pasta compartilhada) aberto pelo comprador.' },
  { kind: 'text', label: 'Texto', hint: 'Um código de acesso ou instruções.' },
];

/**
 * "Produto digital": what the buyer receives once the order is paid ("Baixar" / "Acessar" on
 * the order page and in the e-mail). A digital product has no weight, shipping nor fulfilment
 * step. A file goes to the upload route in parts (needs JavaScript, as the photos); a link or a
 * text is a server action's form.
 */
export function DigitalProductSection({ productId, initial, downloadHref }: { productId: number; initial: DigitalInitial; /** The merchant's own download, for a role allowed to take it. */ downloadHref: string | null }) {
  const router = useRouter();
  const [kind, setKind] = useState<DigitalKind>(initial.kind ?? 'file');
  const [state, formAction, pending] = useActionState(saveDigitalAction, null);
  const [upload, setUpload] = useState<{ progress: number } | null>(null);
  const [uploadResult, setUploadResult] = useState<{ ok: boolean; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  const values = state && !state.ok && state.values ? state.values : { digitalUrl: initial.url, digitalText: initial.text };

  async function send() {
    const file = input.current?.files?.[0];
    if (!file) return setUploadResult({ ok: false, text: 'Escolha um arquivo.' });
    if (file.size > MAX_BYTES) return setUploadResult({ ok: false, text: 'O arquivo pode ter no máximo 25 MB.' });
    setUploadResult(null);
    setUpload({ progress: 0 });
    const r = await uploadFile(productId, file, (progress) => setUpload({ progress }));
    setUpload(null);
    setUploadResult(r.ok ? { ok: true, text: `${file.name}: enviado.` } : { ok: false, text: r.error ?? 'Não foi possível enviar.' });
    if (r.ok) {
      if (input.current) input.current.value = '';
      router.refresh();
    }
  }

  return (
    <section className="card stack" aria-labelledby="digital-titulo" data-testid="digital-product">
      <h2 id="digital-titulo">Produto digital</h2>
      <p className="small muted">
        O comprador recebe o acesso assim que o pagamento é confirmado (&quot;Baixar&quot; ou &quot;Acessar&quot; na página do pedido e no e-mail), por um link
        válido por 7 dias e 5 usos. Um produto digital não tem peso nem frete.
      </p>
      {initial.kind ? (
        <p className="alert alert-info small" data-testid="digital-current">
          Entrega atual: {initial.kind === 'file' ? `Arquivo ${initial.fileLabel ?? '(envio incompleto)'}` : initial.kind === 'link' ? `Link ${initial.url}` : 'Texto'}
          {downloadHref && initial.kind === 'file' && initial.fileLabel ? (
            <>
              {' · '}
              <a href={downloadHref}>Baixar</a>
            </>
          ) : null}
        </p>
      ) : null}
      <fieldset className="plain-fieldset stack">
        <legend>O que o comprador recebe</legend>
        {KINDS.map((k) => (
          <label key={k.kind} className="row" style={{ gap: '0.5rem', alignItems: 'flex-start' }}>
            <input type="radio" name="digitalKindChoice" value={k.kind} checked={kind === k.kind} onChange={() => setKind(k.kind)} />
            <span>
              {k.label} <span className="small muted">— {k.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {kind === 'file' ? (
        <div className="stack">
          <div className="field">
            <label htmlFor="digital-file">Arquivo</label>
            <input ref={input} id="digital-file" type="file" accept=".pdf,.zip,.epub,.mp4,application/pdf,application/zip,application/epub+zip,video/mp4" aria-describedby="digital-file-hint" disabled={!!upload} />
            <p id="digital-file-hint" className="field-hint">
              PDF, ZIP, EPUB ou MP4, até 25 MB. O tipo é conferido pelo conteúdo do arquivo.
            </p>
          </div>
          <button type="button" className="btn btn-primary" onClick={() => void send()} disabled={!!upload} style={{ alignSelf: 'flex-start' }}>
            {upload ? 'Enviando…' : 'Enviar arquivo'}
          </button>
          {upload ? (
            <div role="status">
              <span className="small">Enviando… {Math.round(upload.progress * 100)}%</span>
              <progress max={1} value={upload.progress} aria-label="Envio do arquivo" />
            </div>
          ) : null}
          <div aria-live="polite">{uploadResult ? <p className={uploadResult.ok ? 'small' : 'field-error'}>{uploadResult.text}</p> : null}</div>
        </div>
      ) : (
        <form action={formAction} className="stack" noValidate key={state?.at ?? 0}>
          <input type="hidden" name="productId" value={productId} />
          <input type="hidden" name="digitalKind" value={kind} />
          {kind === 'link' ? (
            <div className="field">
              <label htmlFor="digital-url">Link</label>
              <input
                id="digital-url"
                name="digitalUrl"
                type="url"
                inputMode="url"
                defaultValue={values.digitalUrl ?? ''}
                placeholder="https://"
                aria-invalid={errors.url ? true : undefined}
                aria-describedby={errors.url ? 'digital-url-error' : undefined}
              />
              {errors.url ? (
                <p id="digital-url-error" className="field-error">
                  {errors.url}
                </p>
              ) : null}
            </div>
          ) : (
            <div className="field">
              <label htmlFor="digital-text">Texto</label>
              <textarea
                id="digital-text"
                name="digitalText"
                rows={4}
                maxLength={2000}
                defaultValue={values.digitalText ?? ''}
                aria-invalid={errors.text ? true : undefined}
                aria-describedby={errors.text ? 'digital-text-error' : undefined}
              />
              {errors.text ? (
                <p id="digital-text-error" className="field-error">
                  {errors.text}
                </p>
              ) : null}
            </div>
          )}
          <button type="submit" className="btn btn-primary" disabled={pending} style={{ alignSelf: 'flex-start' }}>
            {pending ? 'Salvando…' : 'Salvar'}
          </button>
          <ActionResult state={state} />
        </form>
      )}
      {initial.kind ? (
        <ActionForm
          action={removeDigitalAction}
          fields={{ productId: String(productId) }}
          label="Deixar de ser digital"
          pendingLabel="Salvando…"
          confirm={{ title: 'Deixar de ser digital?', body: 'Quem já comprou perde o acesso ao que este produto entregava.', confirmLabel: 'Deixar de ser digital' }}
        />
      ) : null}
    </section>
  );
}
