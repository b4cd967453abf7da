'use client';

import { useActionState, useEffect, useRef } from 'react';
import type { ActionState } from '@/lib/auth';
import type { PromotionField } from '@/lib/promotions/admin';
import { ActionResult } from '@/app/(merchant)/dashboard/_components/action-result';
import { createPromotionAction } from './actions';
import { PromoField, PromoRadios, type FieldState } from './promo-field';
import { PromotionTypeFields } from './promotion-type-fields';
import styles from './promocoes.module.css';

type Choice = { id: number; name: string };

/**
 * "Nova promoção". Works without JavaScript; a refused submit shows each message next to its
 * field and everything typed; focus goes to the first field in error.
 */
export function NewPromotionForm({ categories, products }: { categories: Choice[]; products: Choice[] }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(createPromotionAction, null);
  const failed = state && !state.ok ? state : null;
  const fields: FieldState = {
    values: (failed?.values ?? {}) as Partial<Record<PromotionField, string>>,
    errors: (failed?.fieldErrors ?? {}) as Partial<Record<PromotionField, string>>,
  };
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (failed) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failed]);

  const select = (name: 'categoryId' | 'productId', label: string, choices: Choice[], className: string) => (
    <div className={`field ${className}`}>
      <label htmlFor={`promo-${name}`}>{label}</label>
      <select id={`promo-${name}`} name={name} defaultValue={fields.values[name] ?? ''} aria-invalid={fields.errors[name] ? true : undefined} aria-describedby={fields.errors[name] ? `promo-${name}-erro` : undefined}>
        <option value="">Escolha…</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {fields.errors[name] ? (
        <p id={`promo-${name}-erro`} className="field-error">
          {fields.errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form ref={formRef} action={formAction} noValidate className={`card stack ${styles.form}`} key={state?.ok ? state.at : 'form'}>
      <ActionResult state={state} />
      <PromoField name="name" label="Nome" state={fields} hint="O comprador vê este nome no carrinho, no pedido e no recibo." />
      <PromoRadios name="type" legend="Tipo" options={[['buy_x_pay_y', 'Leve X, pague Y'], ['progressive', 'Desconto progressivo'], ['free_shipping', 'Frete grátis']]} state={fields} fallback="buy_x_pay_y" />
      <PromotionTypeFields state={fields} />
      <PromoRadios name="scope" legend="Aplica-se a" options={[['shop', 'Toda a loja'], ['category', 'Categoria'], ['product', 'Produto']]} state={fields} fallback="shop" />
      <div className="form-grid">
        {select('categoryId', 'Categoria', categories, styles.scopeCategory)}
        {select('productId', 'Produto', products, styles.scopeProduct)}
      </div>
      <div className="form-grid">
        <PromoField name="startsAt" label="Válida de" type="datetime-local" state={fields} hint="Horário de Brasília. Em branco: a partir de agora." />
        <PromoField name="endsAt" label="Válida até" type="datetime-local" state={fields} hint="Em branco: sem prazo." />
      </div>
      <p>
        <button type="submit" className="btn" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Criando…' : 'Criar promoção'}
        </button>
      </p>
    </form>
  );
}
