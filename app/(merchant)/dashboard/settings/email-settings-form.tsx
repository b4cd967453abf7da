'use client';

import { useActionState } from 'react';
import type { EmailSettings } from '@/lib/email';
import { saveEmailSettingsAction } from '../email-actions';
import styles from './settings.module.css';
import { describedBy, FieldNotes } from './field-notes';
import { SaveBar } from './save-bar';

const SWITCHES: { name: keyof EmailSettings; label: string; hint: string }[] = [
  { name: 'sendInstructions', label: 'Pedido recebido', hint: 'O código Pix com o QR code, ou a linha digitável e o PDF do boleto.' },
  { name: 'sendPaid', label: 'Pagamento confirmado', hint: 'Itens, total e o link do recibo.' },
  { name: 'sendReminders', label: 'Lembretes', hint: 'Boleto que vence amanhã; Pix no último dia para pagar.' },
  { name: 'sendRefunded', label: 'Reembolso', hint: 'O valor reembolsado e quando.' },
  { name: 'sendEnded', label: 'Pedido expirado ou cancelado', hint: 'Com o botão "Comprar novamente".' },
  { name: 'sendShipped', label: 'Seu pedido foi enviado', hint: 'A transportadora, o código de rastreio e o link "Acompanhar entrega".' },
  { name: 'sendReadyForPickup', label: 'Pronto para retirada', hint: 'O endereço de retirada da loja (com os horários, se você os escreveu nele).' },
  { name: 'sendDelivered', label: 'Pedido entregue', hint: 'Quando você marca o pedido como entregue.' },
];

const ALERTS: { name: keyof EmailSettings; label: string; hint: string }[] = [
  { name: 'sendNewSale', label: 'Nova venda', hint: 'A cada pedido pago: itens, total e endereço de entrega.' },
  { name: 'sendLatePayment', label: 'Pagamento atrasado', hint: 'Um pedido expirado ou cancelado que foi pago mesmo assim.' },
];

export function EmailSettingsForm({ initial }: { initial: EmailSettings }) {
  const [state, formAction, pending] = useActionState(saveEmailSettingsAction, null);
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  const typed = state && !state.ok ? state.values : undefined;

  const text = (name: 'replyTo' | 'notificationEmails', label: string, hint: string, type: 'text' | 'email', autoComplete: string) => {
    const error = errors[name];
    return (
      <div className="field">
        <label htmlFor={name}>{label}</label>
        <input
          id={name}
          name={name}
          type={type}
          autoComplete={autoComplete}
          defaultValue={typed?.[name] ?? initial[name] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(name, { error })}
        />
        <FieldNotes name={name} hint={hint} error={error} />
      </div>
    );
  };

  const checkbox = (s: { name: keyof EmailSettings; label: string; hint: string }) => (
    <div key={s.name} className={styles.switch}>
      <input type="checkbox" id={s.name} name={s.name} defaultChecked={initial[s.name] as boolean} aria-describedby={`${s.name}-hint`} />
      <label htmlFor={s.name}>
        {s.label}
        <span id={`${s.name}-hint`} className="small muted">
          {s.hint}
        </span>
      </label>
    </div>
  );

  return (
    <form action={formAction} className="stack" noValidate>
      <fieldset className={`card ${styles.group}`}>
        <legend>E-mails ao comprador</legend>
        <p className="field-hint">Os e-mails saem com o nome da loja (Configurações → Loja) como remetente.</p>
        <div className="form-grid two">
          {text('replyTo', 'Responder para (opcional)', 'Para onde vão as respostas dos compradores, como contato@sualoja.com.br.', 'email', 'email')}
        </div>
        <fieldset className={styles.switches}>
          <legend className="small">Enviar estes e-mails</legend>
          {SWITCHES.map(checkbox)}
        </fieldset>
      </fieldset>
      <fieldset className={`card ${styles.group}`}>
        <legend>Alertas para a loja</legend>
        {text(
          'notificationEmails',
          'E-mails para alertas (opcional)',
          'Um ou mais e-mails separados por vírgula. Em branco: os e-mails de quem entra no painel.',
          'text',
          'off',
        )}
        <fieldset className={styles.switches}>
          <legend className="small">Enviar estes alertas</legend>
          {ALERTS.map(checkbox)}
        </fieldset>
      </fieldset>
      <SaveBar state={state} pending={pending} label="Salvar e-mails" />
    </form>
  );
}
