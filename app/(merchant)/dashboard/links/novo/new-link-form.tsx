'use client';

import { useActionState, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { MoneyInput } from '@/app/_components/masked-input';
import type { ActionState } from '@/lib/auth/action-state';
import { DESCRIPTION_MAX, TITLE_MAX, type LinkField } from '@/lib/links/link-form';
import { createLinkAction } from '../actions';
import styles from '../links.module.css';

type Mode = 'fixed' | 'open';

const noopSubscribe = () => () => {};

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
  const hydrated = useSyncExternalStore(noopSubscribe, () => true, () => false);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!failed) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first && first.offsetParent !== null) first.focus();
    else alertRef.current?.focus();
  }, [failed]);

  const describe = (name: LinkField, hint: boolean) => [errors[name] ? `${name}-erro` : null, hint ? `${name}-dica` : null].filter(Boolean).join(' ') || undefined;
  const errorOf = (name: LinkField) =>
    errors[name] ? (
      <p id={`${name}-erro`} className="field-error">
        {errors[name]}
      </p>
    ) : null;

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
          aria-describedby={describe('title', true)}
        />
        {errorOf('title')}
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
          aria-describedby={describe('description', true)}
        />
        {errorOf('description')}
        <p id="description-dica" className="field-hint">
          Detalhes combinados: sabor, tamanho, data de entrega. Até {DESCRIPTION_MAX} caracteres.
        </p>
      </div>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Valor</legend>
        <div className={styles.choices}>
          <label className={styles.choice}>
            <input type="radio" name="amountMode" value="fixed" defaultChecked={values.amountMode !== 'open'} onChange={() => setMode('fixed')} />
            Valor fixo
          </label>
          <label className={styles.choice}>
            <input type="radio" name="amountMode" value="open" defaultChecked={values.amountMode === 'open'} onChange={() => setMode('open')} />O comprador informa o valor
          </label>
        </div>
        <div className={`field ${styles.fixedOnly}`}>
          <label htmlFor="amount">Valor a cobrar</label>
          <div className={styles.money}>
            <span aria-hidden="true">R$</span>
            <MoneyInput
              id="amount"
              name="amount"
              placeholder="0,00"
              defaultValue={values.amount ?? ''}
              maxLength={20}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={describe('amount', true)}
            />
          </div>
          {errorOf('amount')}
          <p id="amount-dica" className="field-hint">
            A partir de R$ 5,00, o mínimo para Pix e boleto.
          </p>
        </div>
        <div className={`field ${styles.openOnly}`}>
          <label htmlFor="minAmount">Valor mínimo</label>
          <div className={styles.money}>
            <span aria-hidden="true">R$</span>
            <MoneyInput
              id="minAmount"
              name="minAmount"
              defaultValue={values.minAmount ?? ''}
              maxLength={20}
              aria-invalid={errors.minAmount ? true : undefined}
              aria-describedby={describe('minAmount', true)}
            />
          </div>
          {errorOf('minAmount')}
          <p id="minAmount-dica" className="field-hint">
            O comprador digita quanto vai pagar, a partir deste valor (no mínimo R$ 5,00). Bom para doações, sinais e valores combinados na hora.
          </p>
        </div>
      </fieldset>

      <fieldset className={styles.group} aria-describedby={errors.methods ? 'methods-erro' : undefined}>
        <legend className={styles.legend}>Formas de pagamento</legend>
        <div className={styles.choices}>
          {(
            [
              ['both', 'Pix e boleto'],
              ['pix', 'Só Pix'],
              ['boleto', 'Só boleto'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name="methods" value={value} defaultChecked={(values.methods ?? 'both') === value} />
              {label}
            </label>
          ))}
        </div>
        {errorOf('methods')}
      </fieldset>

      {pixDiscountPercent !== null ? (
        <div className="field">
          <label className={styles.choice}>
            <input type="checkbox" name="pixDiscount" value="on" defaultChecked={values.pixDiscount === 'on'} aria-describedby="pixDiscount-dica" />
            Aplicar o desconto do Pix ({pixDiscountPercent}%)
          </label>
          <p id="pixDiscount-dica" className="field-hint">
            O desconto de Configurações vale para quem pagar este link por Pix. Desmarque para cobrar o mesmo valor nos dois meios.
          </p>
        </div>
      ) : (
        <input type="hidden" name="pixDiscount" value="on" />
      )}

      <div className="field">
        <label className={styles.choice}>
          <input type="checkbox" name="allowCoupons" value="on" defaultChecked={values.allowCoupons === 'on'} aria-describedby="allowCoupons-dica" />
          Aceita cupom de desconto
        </label>
        <p id="allowCoupons-dica" className="field-hint">
          O comprador pode digitar um cupom de Cupons ao pagar este link.
        </p>
      </div>

      <div className={styles.twoCols}>
        <div className="field">
          <label htmlFor="expiresOn">Válido até (opcional)</label>
          <input
            id="expiresOn"
            name="expiresOn"
            type="date"
            min={today}
            defaultValue={values.expiresOn ?? ''}
            className={styles.short}
            aria-invalid={errors.expiresOn ? true : undefined}
            aria-describedby={describe('expiresOn', true)}
          />
          {errorOf('expiresOn')}
          <p id="expiresOn-dica" className="field-hint">
            Último dia para pagar. Em branco, o link não expira.
          </p>
        </div>
        <div className="field">
          <label htmlFor="maxPayments">Limite de pagamentos (opcional)</label>
          <input
            id="maxPayments"
            name="maxPayments"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={values.maxPayments ?? ''}
            maxLength={7}
            className={styles.short}
            aria-invalid={errors.maxPayments ? true : undefined}
            aria-describedby={describe('maxPayments', true)}
          />
          {errorOf('maxPayments')}
          <p id="maxPayments-dica" className="field-hint">
            1 = cobrança única, para um só cliente. Em branco, sem limite (um serviço de preço fixo, por exemplo).
          </p>
        </div>
        <div className="field">
          <label htmlFor="variant">Variante do catálogo (SKU, opcional)</label>
          <input
            id="variant"
            name="variant"
            autoComplete="off"
            defaultValue={values.variant ?? ''}
            maxLength={70}
            aria-invalid={errors.variant ? true : undefined}
            aria-describedby={describe('variant', true)}
          />
          {errorOf('variant')}
          <p id="variant-dica" className="field-hint">
            O pedido sai com o nome da variante (por exemplo &quot;Camiseta básica — M / Preto&quot;) e baixa o estoque dela. Em branco, o pedido leva só o título do link.
          </p>
        </div>
      </div>

      <div className={styles.actions}>
        <button type="submit" className="btn" disabled={pending} aria-disabled={pending || undefined}>
          {pending ? 'Criando…' : 'Criar link'}
        </button>
      </div>
    </form>
  );
}
