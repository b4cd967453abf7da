'use client';

import { useActionState } from 'react';
import type { ActionState } from '@/lib/auth';
import { SaveBar } from '../save-bar';

type Mapping = { id: number; name: string; googleCategory: string };

/** What the feeds say about the shop: the brand, digital products in or out, the secret code, each category's Google category. */
export function ChannelsForm({
  action,
  brand,
  shopName,
  includeDigital,
  requireToken,
  categories,
  denied,
}: {
  action: (prev: ActionState, form: FormData) => Promise<ActionState>;
  brand: string;
  shopName: string;
  includeDigital: boolean;
  requireToken: boolean;
  categories: Mapping[];
  denied?: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const errors = state && !state.ok ? (state.fieldErrors ?? {}) : {};
  return (
    <form action={formAction} className="card stack">
      <div className="field">
        <label htmlFor="marca">Marca</label>
        <input id="marca" name="marca" defaultValue={brand} maxLength={70} placeholder={shopName} aria-describedby="marca-ajuda" aria-invalid={errors.marca ? true : undefined} />
        <p id="marca-ajuda" className="small muted">
          Em branco: o nome da loja ({shopName}).
        </p>
        {errors.marca ? <p className="field-error">{errors.marca}</p> : null}
      </div>
      <label className="check">
        <input type="checkbox" name="digitais" defaultChecked={includeDigital} /> Incluir produtos digitais
      </label>
      <label className="check">
        <input type="checkbox" name="codigo" defaultChecked={requireToken} /> Exigir código secreto no endereço dos feeds
      </label>
      {categories.length > 0 ? (
        <fieldset className="stack">
          <legend>Categoria do Google de cada categoria</legend>
          <p className="small muted">O número ou o caminho da taxonomia do Google (ex.: 2271 ou “Vestuário e acessórios &gt; Roupas”). Opcional.</p>
          {categories.map((c) => (
            <div key={c.id} className="field">
              <label htmlFor={`categoria-${c.id}`}>{c.name}</label>
              <input id={`categoria-${c.id}`} name={`categoria-${c.id}`} defaultValue={c.googleCategory} maxLength={250} />
            </div>
          ))}
        </fieldset>
      ) : null}
      <SaveBar state={state} pending={pending} label="Salvar" denied={denied} />
    </form>
  );
}
