'use client';

import styles from '../settings.module.css';
import { saveWhatsappAction } from './actions';
import { TestConnectionButton, useConnectionForm } from '../connection-form';
import { SaveBar } from '../save-bar';

const MESSAGES: [string, string][] = [
  ['sendInstructions', 'Instruções de pagamento (código Pix ou linha do boleto)'],
  ['sendPaid', 'Pagamento confirmado'],
  ['sendShipped', 'Pedido enviado (código de rastreio)'],
  ['sendCartReminder', 'Lembrete de carrinho (modelo de marketing)'],
  ['sendReviewRequest', 'Avalie sua compra (pedido de avaliação após a entrega)'],
];

type Props = { initial: Record<string, string>; hasCredentials: boolean; sandboxDefault: boolean };

/** Configurações → "WhatsApp". The token and the app secret are never shown again: blank keeps them. */
export function WhatsappForm({ initial, hasCredentials, sandboxDefault }: Props) {
  const { state, formAction, pending, values, text } = useConnectionForm(saveWhatsappAction, initial, ['token', 'appSecret']);
  const secretHint = hasCredentials ? 'Salvo (não é mostrado). Em branco: mantém o salvo.' : sandboxDefault ? 'Sem token, a loja usa o sandbox embutido (WhatsApp do comprador).' : undefined;
  return (
    <form action={formAction} className="stack" noValidate>
      <fieldset className={`card ${styles.group}`}>
        <legend>WhatsApp</legend>
        <div className="stack">
          <div className={styles.checkRow}>
            <input type="checkbox" id="enabled" name="enabled" defaultChecked={values.enabled === 'on'} />
            <label htmlFor="enabled">Enviar mensagens pelo WhatsApp a quem aceitou recebê-las</label>
          </div>
          {text('phoneNumberId', 'ID do número', 'Em WhatsApp → Configuração da API, no painel de apps da Meta.', { inputMode: 'numeric', autoComplete: 'off' })}
          {text('businessAccountId', 'ID da conta do WhatsApp Business', 'Para conferir os modelos de mensagem.', { inputMode: 'numeric', autoComplete: 'off' })}
          {text('token', 'Token de acesso', secretHint, { type: 'password', autoComplete: 'off', defaultValue: '' })}
          {text('appSecret', 'Chave secreta do app', hasCredentials ? 'Salva (não é mostrada). Em branco: mantém a salva.' : 'Assina os avisos de entrega que a Meta envia à loja.', { type: 'password', autoComplete: 'off', defaultValue: '' })}
          {hasCredentials ? (
            <div className={styles.checkRow}>
              <input type="checkbox" id="removeCredentials" name="removeCredentials" />
              <label htmlFor="removeCredentials">Remover token e chave secreta</label>
            </div>
          ) : null}
          <fieldset>
            <legend>Mensagens enviadas</legend>
            {MESSAGES.map(([name, label]) => (
              <div className={styles.checkRow} key={name}>
                <input type="checkbox" id={name} name={name} defaultChecked={values[name] === 'on'} />
                <label htmlFor={name}>{label}</label>
              </div>
            ))}
          </fieldset>
          <TestConnectionButton pending={pending} />
        </div>
      </fieldset>
      <SaveBar state={state} pending={pending} label="Salvar WhatsApp" />
    </form>
  );
}
