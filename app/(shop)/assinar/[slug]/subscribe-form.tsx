'use client';

import { useActionState } from 'react';
import { UFS } from '@balcao/br/uf';
import { ADDRESS_TEXT_FIELDS } from '../../_components/address-text-fields';
import { subscribeAction } from './actions';
import type { SubscribeFormState } from '@/lib/subscriptions';

type Props = { slug: string; variantId: number; checkoutKey: string; ships: boolean };

const BUYER: [string, string, string, string][] = [
  ['name', 'Nome completo', 'name', 'text'],
  ['document', 'CPF ou CNPJ', 'off', 'text'],
  ['email', 'E-mail', 'email', 'email'],
  ['phone', 'Celular (WhatsApp)', 'tel', 'tel'],
];

/** The subscription's checkout form: the checkout's own fields and messages, and "Confirmar assinatura". */
export function SubscribeForm({ slug, variantId, checkoutKey, ships }: Props) {
  const [state, action, pending] = useActionState<SubscribeFormState, FormData>(subscribeAction, null);
  const errors = state?.fieldErrors ?? {};
  const value = (k: string) => state?.values?.[k] ?? '';
  const field = (name: string, label: string, auto: string, type = 'text', optional = false) => (
    <div className="field" key={`${name}-${state ? 'e' : 'n'}`}>
      <label htmlFor={`sub-${name}`}>{label}</label>
      <input id={`sub-${name}`} name={name} type={type} autoComplete={auto} defaultValue={value(name)} required={!optional} aria-invalid={errors[name as keyof typeof errors] ? true : undefined} aria-describedby={errors[name as keyof typeof errors] ? `sub-${name}-error` : undefined} />
      {errors[name as keyof typeof errors] ? (
        <p className="field-error" id={`sub-${name}-error`}>
          {errors[name as keyof typeof errors]}
        </p>
      ) : null}
    </div>
  );
  return (
    <form action={action} className="stack" noValidate>
      <input type="hidden" name="checkoutKey" value={checkoutKey} />
      <input type="hidden" name="slug" value={slug} />
      <input type="hidden" name="variante" value={variantId} />
      <input type="hidden" name="shipping" value="delivery" />
      {state?.error ? (
        <p className="alert alert-error" role="alert">
          {state.error}
        </p>
      ) : null}
      <fieldset className="plain-fieldset form-grid">
        <legend>Seus dados</legend>
        {BUYER.map(([n, l, a, t]) => field(n, l, a, t, n === 'phone'))}
        <label className="check" key={`whatsapp-${state ? 'e' : 'n'}`}>
          <input type="checkbox" name="whatsappConsent" value="on" defaultChecked={value('whatsappConsent') === 'on'} /> Receber atualizações pelo WhatsApp (a cobrança de cada entrega, com o código Pix ou a linha do boleto)
        </label>
      </fieldset>
      <fieldset className="plain-fieldset form-grid">
        <legend>{ships ? 'Endereço de entrega' : 'Endereço (para o boleto)'}</legend>
        {ADDRESS_TEXT_FIELDS.map(([n, l, a]) => field(n, l, a, 'text', n === 'complement'))}
        <div className="field">
          <label htmlFor="sub-state">UF</label>
          <select id="sub-state" name="state" defaultValue={value('state')} required>
            <option value="">Escolha</option>
            {UFS.map(([code, uf]) => (
              <option key={code} value={code}>
                {code} — {uf}
              </option>
            ))}
          </select>
          {errors.state ? <p className="field-error">{errors.state}</p> : null}
        </div>
      </fieldset>
      <fieldset className="plain-fieldset">
        <legend>Forma de pagamento</legend>
        <label className="check">
          <input type="radio" name="method" value="pix" defaultChecked={value('method') !== 'boleto'} /> Pix
        </label>
        <label className="check">
          <input type="radio" name="method" value="boleto" defaultChecked={value('method') === 'boleto'} /> Boleto
        </label>
      </fieldset>
      <button className="btn btn-block" type="submit" disabled={pending}>
        {pending ? 'Enviando…' : 'Confirmar assinatura'}
      </button>
    </form>
  );
}
