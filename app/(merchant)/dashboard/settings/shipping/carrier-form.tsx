'use client';

import styles from '../settings.module.css';
import { saveCarrierAction } from './actions';
import { TestConnectionButton, useConnectionForm } from '../connection-form';
import { SaveBar } from '../save-bar';

const SERVICES: [number, string][] = [
  [1, 'PAC (Correios)'],
  [2, 'SEDEX (Correios)'],
  [3, '.Package (Jadlog)'],
  [31, 'Loggi Express (Loggi)'],
];

/** Configurações → Entrega → "Melhor Envio". The token is never shown again: blank keeps it. */
export function CarrierForm({ initial, hasToken, sandboxDefault }: { initial: Record<string, string>; hasToken: boolean; sandboxDefault: boolean }) {
  const { state, formAction, pending, errors, values, text } = useConnectionForm(saveCarrierAction, initial, ['token']);
  return (
    <form action={formAction} className="stack" noValidate>
      <fieldset className={`card ${styles.group}`}>
        <legend>Melhor Envio</legend>
        <div className="stack">
          <div className={styles.checkRow}>
            <input type="checkbox" id="carrierEnabled" name="carrierEnabled" defaultChecked={values.carrierEnabled === 'on'} />
            <label htmlFor="carrierEnabled">Cotar o frete com o Melhor Envio no checkout</label>
          </div>
          <p className="field-hint">Se o Melhor Envio falhar ou não atender o CEP, vale o frete por região abaixo.</p>
          {text(
            'token',
            'Chave de acesso',
            hasToken
              ? 'Uma chave está salva (não é mostrada). Em branco: mantém a salva.'
              : sandboxDefault
                ? 'Sem chave, a loja usa um Melhor Envio de demonstração (preços fictícios). A sua: Melhor Envio → Gerenciar → Tokens.'
                : 'A chave da sua conta: gere em Melhor Envio → Gerenciar → Tokens e cole aqui.',
            { type: 'password', autoComplete: 'off', defaultValue: '' },
          )}
          {hasToken ? (
            <div className={styles.checkRow}>
              <input type="checkbox" id="removeToken" name="removeToken" />
              <label htmlFor="removeToken">Remover a chave salva</label>
            </div>
          ) : null}
          <div className="field">
            <label htmlFor="environment">Conta do Melhor Envio</label>
            <select id="environment" name="environment" defaultValue={values.environment ?? 'sandbox'} aria-describedby="environment-hint">
              <option value="sandbox">Conta de testes</option>
              <option value="production">Conta real</option>
            </select>
            <p id="environment-hint" className="field-hint">
              A conta de testes cota e gera etiquetas sem valor; a conta real paga as etiquetas com o seu saldo no Melhor Envio.
            </p>
          </div>
          {text('originZip', 'CEP de origem', 'De onde os pedidos saem.', { inputMode: 'numeric', autoComplete: 'postal-code' })}
          <fieldset id="services" tabIndex={-1} aria-describedby={errors.services ? 'services-erro' : undefined}>
            <legend>Serviços oferecidos</legend>
            {SERVICES.map(([id, label]) => (
              <div className={styles.checkRow} key={id}>
                <input type="checkbox" id={`service${id}`} name={`service${id}`} defaultChecked={values[`service${id}`] === 'on'} />
                <label htmlFor={`service${id}`}>{label}</label>
              </div>
            ))}
            {errors.services ? (
              <p className="field-error" id="services-erro">
                {errors.services}
              </p>
            ) : null}
          </fieldset>
          {text('handlingDays', 'Prazo de manuseio', 'Dias úteis para separar e postar; somados ao prazo da transportadora.', { inputMode: 'numeric' })}
          <div className="field">
            <label htmlFor="adjustKind">Ajuste no frete</label>
            <select id="adjustKind" name="adjustKind" defaultValue={values.adjustKind ?? 'none'}>
              <option value="none">Nenhum</option>
              <option value="percent">Percentual (%)</option>
              <option value="cents">Valor fixo (R$)</option>
            </select>
          </div>
          {text('adjustValue', 'Valor do ajuste', 'Positivo: taxa extra; negativo: desconto (ex.: 10 ou -2,50).', { inputMode: 'decimal' })}
          <TestConnectionButton pending={pending} />
        </div>
      </fieldset>
      <SaveBar state={state} pending={pending} label="Salvar Melhor Envio" />
    </form>
  );
}
