'use client';

import { useActionState, useEffect, useRef } from 'react';
import type { ActionState } from '@/lib/auth';
import { GA4_FIELDS, META_FIELDS } from '@/lib/pixels/words';
import { saveGa4Action, saveMetaPixelAction } from './pixel-actions';

type Field = { name: string; label: string; hint: string; value?: string; secret?: boolean; inputMode?: 'numeric' | 'text' };

/** One platform's form: its id (filled back), its secret (never filled back: blank keeps it), "Salvar". */
function PlatformForm(props: { title: string; id: string; intro: string; fields: Field[]; action: (s: ActionState, f: FormData) => Promise<ActionState>; disabled?: boolean }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(props.action, null);
  const failed = state && !state.ok ? state : null;
  const errors = failed?.fieldErrors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (failed) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failed]);
  return (
    <form ref={formRef} action={formAction} noValidate className="card stack" aria-labelledby={`${props.id}-titulo`}>
      <h3 id={`${props.id}-titulo`}>{props.title}</h3>
      <p className="small muted">{props.intro}</p>
      {failed && Object.keys(errors).length === 0 ? (
        <p className="alert alert-error" role="alert">
          {failed.error}
        </p>
      ) : null}
      {props.fields.map((f) => {
        const id = `${props.id}-${f.name}`;
        const error = errors[f.name];
        return (
          <div key={f.name} className="field">
            <label htmlFor={id}>{f.label}</label>
            <input
              id={id}
              name={f.name}
              type={f.secret ? 'password' : 'text'}
              inputMode={f.inputMode}
              autoComplete="off"
              spellCheck={false}
              defaultValue={f.secret ? '' : (failed?.values?.[f.name] ?? f.value ?? '')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-erro ${id}-dica` : `${id}-dica`}
            />
            {error ? (
              <p id={`${id}-erro`} className="field-error">
                {error}
              </p>
            ) : null}
            <p id={`${id}-dica`} className="field-hint">
              {f.hint}
            </p>
          </div>
        );
      })}
      <div>
        <button type="submit" className="btn btn-primary" disabled={pending || props.disabled}>
          {pending ? 'Salvando…' : 'Salvar'}
        </button>
      </div>
      <p role="status" className="small">
        {state?.ok ? state.message : ''}
      </p>
    </form>
  );
}

export type PixelFormValues = { metaPixelId: string | null; hasMetaToken: boolean; ga4MeasurementId: string | null; hasGa4Secret: boolean };

/** Integrações → "Meta Pixel" and "Google Analytics 4". */
export function PixelForms({ settings }: { settings: PixelFormValues }) {
  const kept = (has: boolean) => (has ? 'Um valor está salvo (lacrado). Deixe em branco para mantê-lo.' : 'Ainda não salvo.');
  return (
    <>
      <PlatformForm
        title="Meta Pixel"
        id="meta-pixel"
        intro="Eventos de visita, produto, carrinho, checkout e compra (só quando o pedido é pago), enviados pelo servidor com a API de Conversões. Deixe o ID em branco e salve para desligar."
        action={saveMetaPixelAction}
        fields={[
          { name: META_FIELDS.pixelId, label: 'ID do Pixel', hint: 'Só números, do Gerenciador de Eventos.', value: settings.metaPixelId ?? '', inputMode: 'numeric' },
          { name: META_FIELDS.token, label: 'Token da API de Conversões', hint: kept(settings.hasMetaToken), secret: true },
        ]}
      />
      <PlatformForm
        title="Google Analytics 4"
        id="ga4"
        intro="Os mesmos eventos, enviados pelo servidor com o Measurement Protocol. Deixe o ID em branco e salve para desligar."
        action={saveGa4Action}
        fields={[
          { name: GA4_FIELDS.measurementId, label: 'ID de medição', hint: 'Começa com G-.', value: settings.ga4MeasurementId ?? '' },
          { name: GA4_FIELDS.secret, label: 'Segredo da API', hint: kept(settings.hasGa4Secret), secret: true },
        ]}
      />
    </>
  );
}
