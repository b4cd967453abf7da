'use client';

import { useActionState, useEffect, useRef, useState } from 'react';
import { useHydrated } from '@/app/_components/use-hydrated';
import type { ActionState } from '@/lib/auth';
import { DESCRIPTION_MAX, TITLE_MAX, type LinkField } from '@/lib/links/words';
import { createLinkAction } from '../actions';
import styles from '../links.module.css';
import { FieldError, describedBy } from './link-field';
import { LinkAmountFields } from './link-amount-fields';
import { LinkLimitFields } from './link-limit-fields';
import { LinkPaymentOptions } from './link-payment-options';

type Mode = 'fixed' | 'open';

const DEFAULTS: Partial<Record<LinkField, string>> = { amountMode: 'fixed', methods: 'both', minAmount: '5,00', pixDiscount: 'on' };

/**
 * "Novo link". Works without JavaScript (both amount fields show, the server ignores the one
 * not chosen); with it, the chosen amount field alone. A refused submit shows each message next
 * to its field and everything typed; focus goes to the first field in error.
 */
/** `pixDiscountPercent`: the shop's Pix discount as text ("5,25"), or null when there is none. */
export function NewLinkForm({ today, pixDiscountPercent }: { today: string; pixDiscountPercent: string | null }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(createLinkAction, null);
  const failed = state && !state.ok ? state : null;
  const errors = failed?.fieldErrors ?? {};
  const values = { ...DEFAULTS, ...(failed?.values ?? {}) } as Partial<Record<LinkField, string>>;
  const [mode, setMode] = useState<Mode>(values.amountMode === 'open' ? 'open' : 'fixed');
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!failed) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first && first.offsetParent !== null) first.focus();
    else alertRef.current?.focus();
  }, [failed]);

  return (
    <form ref={formRef} action={formAction} noValidate className={`card ${styles.form}`} data-mode={hydrated ? mode : undefined}>
      {failed ? (
        <div ref={alertRef} tabIndex={-1} className="alert alert-error" role="alert">
          {failed.error}
        </div>
      ) : null}

      <div className="field">
        <label htmlFor="title">Título</label>
        <input
          id="title"
          name="title"
          defaultValue={values.title ?? ''}
          maxLength={TITLE_MAX}
          required
          autoComplete="off"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy(errors, 'title', true)}
        />
        <FieldError errors={errors} name="title" />
        <p id="title-dica" className="field-hint">
          O que o comprador está pagando, por exemplo “Bolo de chocolate 2 kg”. Até {TITLE_MAX} caracteres.
        </p>
      </div>

      <div className="field">
        <label htmlFor="description">Descrição (opcional)</label>
        <textarea
          id="description"
          name="description"
          rows={3}
          defaultValue={values.description ?? ''}
          maxLength={DESCRIPTION_MAX}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy(errors, 'description', true)}
        />
        <FieldError errors={errors} name="description" />
        <p id="description-dica" className="field-hint">
          Detalhes combinados: sabor, tamanho, data de entrega. Até {DESCRIPTION_MAX} caracteres.
        </p>
      </div>

      <LinkAmountFields values={values} errors={errors} onMode={setMode} />

      <LinkPaymentOptions values={values} errors={errors} pixDiscountPercent={pixDiscountPercent} />

      <LinkLimitFields values={values} errors={errors} today={today} />

      <div className={styles.actions}>
        <button type="submit" className="btn" disabled={pending} aria-disabled={pending || undefined}>
          {pending ? 'Criando…' : 'Criar link'}
        </button>
      </div>
    </form>
  );
}
