'use client';

import { useActionState, useState } from 'react';
import type { DigitalKind } from '@/db/schema';
import { ActionForm } from '../../_components/action-form';
import { removeDigitalAction, saveDigitalAction } from '../../digital-actions';
import { DigitalAccessForm } from './digital-access-form';
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
 * "Produto digital": what the buyer receives once the order is paid ("Baixar" / "Acessar" on
 * the order page and in the e-mail). A digital product has no weight, shipping nor fulfilment
 * step. A file goes to the upload route in parts (needs JavaScript, as the photos); a link or a
 * text is a server action's form.
 */
export function DigitalProductSection({ productId, initial, downloadHref }: { productId: number; initial: DigitalInitial; /** The merchant's own download, for a role allowed to take it. */ downloadHref: string | null }) {
  const [kind, setKind] = useState<DigitalKind>(initial.kind ?? 'file');
  const action = useActionState(saveDigitalAction, null);
  const upload = useDigitalUpload(productId);

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
          <label key={k.kind} className={styles.kindChoice}>
            <input type="radio" name="digitalKindChoice" value={k.kind} checked={kind === k.kind} onChange={() => setKind(k.kind)} />
            <span>
              {k.label} <span className="small muted">— {k.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {kind === 'file' ? (
        <DigitalFileUpload upload={upload} />
      ) : (
        <DigitalAccessForm productId={productId} kind={kind} initial={initial} action={action} />
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
