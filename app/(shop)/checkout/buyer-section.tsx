'use client';
/**
 * "Seus dados": name, CPF/CNPJ, e-mail and "Celular (WhatsApp)". Next to the e-mail, and read
 * with it (aria-describedby), the notice that the shop may send a reminder about this purchase
 * (the saved checkout, lib/checkout/drafts), with the privacy policy's link.
 */
import Link from 'next/link';
import { documentMask, phoneMask } from '@balcao/br/masks';
import type { FieldErrors, FormValues } from '@/lib/checkout/words';
import { Field } from './form-fields';
import { WhatsappConsent } from './whatsapp-consent';
import styles from './checkout.module.css';

export const REMINDER_NOTICE_ID = 'campo-email-lembrete';

export function BuyerSection({ values, errors, phoneRequired }: { values: FormValues; errors: FieldErrors; phoneRequired: boolean }) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Seus dados</legend>
      <div className="form-grid">
        <Field name="name" label="Nome completo" error={errors.name} defaultValue={values.name} autoComplete="name" maxLength={100} />
        <Field
          name="document"
          label="CPF ou CNPJ"
          hint="O banco exige para emitir a cobrança."
          error={errors.document}
          defaultValue={values.document}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          mask={documentMask}
        />
        <Field
          name="email"
          label="E-mail"
          hint="Para falarmos com você sobre este pedido, se precisar."
          type="email"
          error={errors.email}
          defaultValue={values.email}
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          describedBy={REMINDER_NOTICE_ID}
          after={<ReminderNotice />}
        />
        <Field
          name="phone"
          label="Celular (WhatsApp)"
          hint={
            phoneRequired
              ? 'Com DDD. A loja fala com você pelo WhatsApp sobre este pedido.'
              : 'Opcional. Com DDD, para a loja falar com você pelo WhatsApp sobre este pedido.'
          }
          type="tel"
          error={errors.phone}
          defaultValue={values.phone}
          inputMode="numeric"
          autoComplete="tel-national"
          // Room for a pasted "+55 (11) 98765-4321": the mask keeps the 11 digits.
          maxLength={20}
          mask={phoneMask}
          optional={!phoneRequired}
        />
        <WhatsappConsent initialPhone={values.phone ?? ''} initialChecked={values.whatsappConsent === 'on'} />
      </div>
    </fieldset>
  );
}

/** Always rendered by the server, so nothing moves when the page hydrates. */
function ReminderNotice() {
  return (
    <p id={REMINDER_NOTICE_ID} className="field-hint" data-testid="draft-notice">
      A loja pode enviar um lembrete sobre esta compra ao seu e-mail se você não a concluir. Veja a <Link href="/politicas/privacidade">Política de privacidade</Link>.
    </p>
  );
}
