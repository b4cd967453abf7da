'use client';

import { useActionState, useState } from 'react';
import { pluralWord } from '@balcao/br/plural';
import type { NumberSettingsField, SettingsField } from '@/lib/payment-settings/settings-form';
import { saveSettingsAction } from '../actions';
import styles from './settings.module.css';
import { describedBy, FieldNotes } from './field-notes';
import { SaveBar } from './save-bar';

/** A unit after the input; a pair is [singular, plural] and follows the number typed ("1 dia", "2 dias"). */
type FieldSpec = { name: NumberSettingsField; label: string; hint: string; suffix: string | [string, string]; decimal: boolean };

const BOLETO: FieldSpec[] = [
  { name: 'boletoFinePercent', label: 'Multa por atraso', hint: 'Cobrada uma vez após o vencimento. De 0,1% a 100%.', suffix: '%', decimal: true },
  { name: 'boletoInterestPercent', label: 'Juros por dia de atraso', hint: 'De 0,1% a 100% ao dia.', suffix: '% ao dia', decimal: true },
  { name: 'boletoGraceDays', label: 'Tolerância após o vencimento', hint: 'Dias em que o boleto ainda pode ser pago depois de vencido (1 a 30).', suffix: ['dia', 'dias'], decimal: false },
  { name: 'boletoDueDays', label: 'Prazo de vencimento', hint: 'Dias entre o pedido e o vencimento do boleto (1 a 60).', suffix: ['dia', 'dias'], decimal: false },
];
const PIX: FieldSpec[] = [
  { name: 'pixDiscountBps', label: 'Desconto no Pix', hint: 'Preço menor para quem paga com Pix, de 0% a 30% (até 2 casas decimais). 0 = sem desconto.', suffix: '%', decimal: true },
  { name: 'pixExpirationDays', label: 'Validade do Pix após o vencimento', hint: 'O Pix vence no dia seguinte ao pedido e ainda pode ser pago por estes dias (1 a 30).', suffix: ['dia', 'dias'], decimal: false },
];
const STOCK: FieldSpec[] = [
  {
    name: 'stockHoldMinutes',
    label: 'Reserva de estoque',
    hint: 'Por quanto tempo um pedido ainda não pago segura as unidades do estoque e a vaga de um link de pagamento com limite. Depois disso elas voltam a ficar disponíveis, mesmo que a cobrança ainda possa ser paga. De 0 a 4.320 minutos (72 horas); 0 = não reservar.',
    suffix: ['minuto', 'minutos'],
    decimal: false,
  },
];

type SuffixedInputProps = Omit<React.ComponentProps<'input'>, 'name' | 'defaultValue'> & { id: NumberSettingsField; suffix: FieldSpec['suffix']; defaultValue: string };

/** The input and its unit; the unit agrees with the number as it is typed. */
function SuffixedInput({ id, suffix, defaultValue, ...rest }: SuffixedInputProps) {
  const [value, setValue] = useState(defaultValue);
  const count = Number(value.trim().replace(',', '.'));
  const unit = typeof suffix === 'string' ? suffix : pluralWord(Number.isFinite(count) ? count : 0, suffix[0], suffix[1]);
  return (
    <>
      <input id={id} name={id} autoComplete="off" defaultValue={defaultValue} onChange={(e) => setValue(e.currentTarget.value)} {...rest} />
      <span aria-hidden="true">{unit}</span>
    </>
  );
}

export function SettingsForm({ initial }: { initial: Record<SettingsField, string> }) {
  const [state, formAction, pending] = useActionState(saveSettingsAction, null);
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  // After a refused save the form is reset by React: show what was typed, not the stored value.
  const values = (state && !state.ok ? state.values : undefined) ?? initial;

  const field = (f: FieldSpec) => {
    const error = errors[f.name];
    return (
      <div className="field" key={f.name}>
        <label htmlFor={f.name}>{f.label}</label>
        <div className={styles.withSuffix}>
          <SuffixedInput
            key={values[f.name] ?? initial[f.name]}
            id={f.name}
            suffix={f.suffix}
            inputMode={f.decimal ? 'decimal' : 'numeric'}
            defaultValue={values[f.name] ?? initial[f.name]}
            required={f.name !== 'pixDiscountBps'}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(f.name, { error })}
          />
        </div>
        <FieldNotes name={f.name} hint={f.hint} error={error} />
      </div>
    );
  };

  return (
    <form action={formAction} className="stack" noValidate>
      <fieldset className={`card ${styles.group}`}>
        <legend>Boleto</legend>
        <div className="form-grid two">{BOLETO.map(field)}</div>
      </fieldset>
      <fieldset className={`card ${styles.group}`}>
        <legend>Pix</legend>
        <div className="form-grid two">{PIX.map(field)}</div>
      </fieldset>
      <fieldset className={`card ${styles.group}`}>
        <legend>Estoque e links</legend>
        <div className="form-grid two">{STOCK.map(field)}</div>
      </fieldset>
      <fieldset className={`card ${styles.group}`}>
        <legend>Checkout</legend>
        <div className="stack">
          <div className={styles.checkRow}>
            <input
              type="checkbox"
              id="requireBuyerPhone"
              name="requireBuyerPhone"
              // Remounted with what a refused save sent back, so the reset keeps the choice.
              key={values.requireBuyerPhone ?? ''}
              defaultChecked={(values.requireBuyerPhone ?? initial.requireBuyerPhone) === 'on'}
              aria-describedby="requireBuyerPhone-hint"
            />
            <label htmlFor="requireBuyerPhone">Exigir celular (WhatsApp) do comprador</label>
          </div>
          <FieldNotes
            name="requireBuyerPhone"
            hint="O checkout sempre pede o celular (WhatsApp), com DDD. Marcado, o comprador só finaliza a compra informando um celular; desmarcado, o campo é opcional."
          />
        </div>
      </fieldset>
      <SaveBar state={state} pending={pending} label="Salvar configurações" />
    </form>
  );
}
