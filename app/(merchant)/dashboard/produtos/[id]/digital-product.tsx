'use client';

import { useState } from 'react';
import { useHydrated } from '@/app/_components/use-hydrated';
import type { DigitalKind } from '@/db/schema';
import { CellError, useEditorState } from '../editor-state';
import { DigitalFileUpload } from './digital-file-upload';
import { useDigitalUpload } from './digital-upload-client';
import styles from '../produtos.module.css';

export type DigitalInitial = {
  kind: DigitalKind | null;
  url: string;
  text: string;
  /** "guia.pdf (PDF, 1,2 MB)" */
  fileLabel: string | null;
};

const KINDS: { kind: DigitalKind; label: string; hint: string }[] = [
  { kind: 'file', label: 'Arquivo', hint: 'PDF, ZIP, EPUB ou MP4 de até 25 MB, baixado pelo comprador.' },
  { kind: 'link', label: 'Link', hint: 'Um endereço (um curso, uma pasta compartilhada) aberto pelo comprador.' },
  { kind: 'text', label: 'Texto', hint: 'Um código de acesso ou instruções.' },
];

/**
 * "Produto digital", in the editor's one form: a box, and under it what the buyer receives once
 * the order is paid ("Baixar" / "Acessar" on the order page and in the e-mail). With JavaScript
 * the block shows only while the box is checked, and only the chosen kind's field (hidden, never
 * unmounted: what was typed stays). Without it everything shows, and the server reads the
 * delivery only when the box is checked. A file goes to the upload route in parts (needs
 * JavaScript, as the photos); a link or a text is saved by "Salvar produto".
 */
export function DigitalProductSection({ productId, initial, downloadHref }: { productId: number; initial: DigitalInitial; /** The merchant's own download, for a role allowed to take it. */ downloadHref: string | null }) {
  const { typed, errors } = useEditorState();
  const [digital, setDigital] = useState(typed ? typed.digital === 'on' : initial.kind !== null);
  const [kind, setKind] = useState<DigitalKind>((typed?.digitalKind as DigitalKind | undefined) ?? initial.kind ?? 'file');
  // False on the server and in the first paint: without JavaScript the whole block stays visible.
  const js = useHydrated();
  const upload = useDigitalUpload(productId);
  const urlError = errors['digital-url'];
  const textError = errors['digital-text'];

  return (
    <section className="card stack" aria-labelledby="digital-titulo" data-testid="digital-product">
      <h2 id="digital-titulo">Entrega digital</h2>
      <input type="hidden" name="digitalShown" value="1" />
      <label className={styles.switch}>
        <input type="checkbox" name="digital" checked={digital} onChange={(e) => setDigital(e.currentTarget.checked)} aria-describedby="digital-hint" />
        <span>Produto digital</span>
      </label>
      <p id="digital-hint" className="small muted">
        O comprador recebe o acesso assim que o pagamento é confirmado, por um link válido por 7 dias e 5 usos. Um produto digital não tem peso nem frete.
        {js ? '' : ' O que está abaixo só vale com “Produto digital” marcado.'}
      </p>
      {initial.kind && !digital ? (
        <p className="alert alert-warning small" role="status">
          Ao salvar, o produto deixa de ser digital e quem já comprou perde o acesso.
        </p>
      ) : null}
      <div className="stack" hidden={js && !digital}>
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
            <label key={k.kind} className={styles.kindChoice}>
              <input type="radio" name="digitalKind" value={k.kind} checked={kind === k.kind} onChange={() => setKind(k.kind)} />
              <span>
                {k.label} <span className="small muted">— {k.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {js ? (
          <div hidden={kind !== 'file'}>
            <DigitalFileUpload upload={upload} />
          </div>
        ) : (
          <p className="small muted">O envio de arquivo precisa de JavaScript ligado no navegador.</p>
        )}
        <div className="field" hidden={js && kind !== 'link'}>
          <label htmlFor="digital-url">Link</label>
          <input
            id="digital-url"
            name="digitalUrl"
            type="url"
            inputMode="url"
            defaultValue={typed?.digitalUrl ?? initial.url}
            placeholder="https://"
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? 'digital-url-error' : undefined}
          />
          <CellError id="digital-url-error" error={urlError} />
        </div>
        <div className="field" hidden={js && kind !== 'text'}>
          <label htmlFor="digital-text">Texto</label>
          <textarea
            id="digital-text"
            name="digitalText"
            rows={4}
            maxLength={2000}
            defaultValue={typed?.digitalText ?? initial.text}
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? 'digital-text-error' : undefined}
          />
          <CellError id="digital-text-error" error={textError} />
        </div>
      </div>
    </section>
  );
}
