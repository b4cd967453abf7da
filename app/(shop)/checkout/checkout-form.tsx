'use client';

import { useActionState, useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { DraftAutosave } from './draft-autosave';
import { useFormStatus } from 'react-dom';
import { maskHandlers, MoneyInput } from '@/app/_components/masked-input';
import { cepMask, documentMask, phoneMask, type Mask } from '@balcao/br/masks';
import { isUF, UFS, type UF } from '@balcao/br/uf';
import { BUYER_NOTE_MAX_LENGTH } from '@/lib/orders/note-limits';
import { CHECK_FIELDS_MESSAGE, isAddressField, isBillingField, PERSON_FIELDS, type FieldErrors, type FormValues } from '@/lib/checkout/fields';
import { CEP_STATUS_TEXT, useCepAutofill, type CepStatus } from './cep-autofill';
import type { OrderMoney } from '@/lib/orders/pricing';
import { ufOfCep } from '@balcao/br/cep-uf';
import { FreightOptions } from './freight-options';
import { cepUfMismatch, CheckoutTotals, setQuoteInput, setSummaryCoupon, useQuoteInput, type Shipping } from './shipping-quote';
import { checkoutAction, type CheckoutActionState } from './actions';
import type { AppliedCoupon } from '@/lib/checkout/outcome';
import { formatBRL } from '@balcao/br/money';
import styles from './checkout.module.css';

type Method = 'pix' | 'boleto';

const noopSubscribe = () => () => {};
/** false while server-rendering and hydrating (and forever without JavaScript), then true. */
function useHydrated(): boolean {
  return useSyncExternalStore(noopSubscribe, () => true, () => false);
}

type Props = {
  checkoutKey: string;
  /** The server action (default: the cart's checkout). A payment link passes its own. */
  action?: (previous: CheckoutActionState, form: FormData) => Promise<CheckoutActionState>;
  /** The methods offered (default both). */
  methods?: readonly Method[];
  /** A payment link whose buyer types the amount: the field, with its minimum in words. */
  amount?: { hint: string };
  /** Posted as they are (a payment link's code). */
  hiddenFields?: Record<string, string>;
  /** The Pix price with the shop's discount, when there is one. */
  pixHint?: string;
  /** Something in the cart ships: the delivery address, the shipping rules and pickup. */
  delivery?: DeliveryProps | null;
  /** The CEP autofill is on (CEP_LOOKUP). */
  cepLookup?: boolean;
  /** What the form starts with (an API session's customer), until a submit answers. */
  prefill?: FormValues;
  /** "Cupom de desconto" with "Aplicar" (the cart's checkout; a payment link that allows coupons). */
  coupons?: boolean;
  /** The shop requires "Celular (WhatsApp)" (lib/settings `requireBuyerPhone`); otherwise it is optional. */
  phoneRequired?: boolean;
};

export type DeliveryProps = {
  /** The shop's rules and the items' subtotal, for the live shipping line. */
  shipping: Shipping;
  pickup: { enabled: boolean; address: string };
  /** Each method's money before shipping (the Pix discount applies to the items only). */
  money: { pix: OrderMoney; boleto: OrderMoney; pixMinimumNote?: string | null };
};

export function CheckoutForm({ checkoutKey, action = checkoutAction, methods = ['pix', 'boleto'], amount, hiddenFields = {}, pixHint, delivery = null, cepLookup = false, prefill, coupons = false, phoneRequired = false }: Props) {
  const [state, formAction] = useActionState<CheckoutActionState, FormData>(action, null);
  const values: FormValues = state?.values ?? prefill ?? {};
  const errors: FieldErrors = state?.fieldErrors ?? {};
  const hydrated = useHydrated();
  const submittedMethod: Method = methods.length === 1 ? methods[0] : values.method === 'boleto' ? 'boleto' : 'pix';
  const submittedShipping: ShipChoice = delivery?.pickup.enabled && values.shipping === 'pickup' ? 'pickup' : 'delivery';
  const [method, setMethod] = useState<Method>(submittedMethod);
  const [ship, setShip] = useState<ShipChoice>(submittedShipping);
  const [sameAddress, setSameAddress] = useState(values.sameAddress !== 'off');
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const submitting = useRef(false);

  // After each answer: allow a new submit, and move focus to the first field in error (or the message).
  useEffect(() => {
    submitting.current = false;
    if (!state) return;
    const firstInvalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])');
    if (firstInvalid && firstInvalid.offsetParent !== null) firstInvalid.focus();
    else alertRef.current?.focus();
  }, [state]);

  // The summary's shipping line follows what the form says (and what the server sent back).
  useEffect(() => {
    const uf = formRef.current?.querySelector<HTMLSelectElement>('#campo-state')?.value ?? '';
    const zip = formRef.current?.querySelector<HTMLInputElement>('#campo-zip')?.value ?? '';
    const digits = zip.replace(/\D/g, '');
    setQuoteInput({ shipping: submittedShipping, state: isUF(uf) ? uf : null, cepUf: ufOfCep(zip), zip: digits.length === 8 ? digits : null });
  }, [state, submittedShipping]);

  // The summary's totals take the coupon "Aplicar" priced; a refused code takes it out again.
  useEffect(() => {
    if (state?.coupon) setSummaryCoupon({ code: state.coupon.code, pix: state.coupon.pix, boleto: state.coupon.boleto });
    else if (state?.fieldErrors.coupon) setSummaryCoupon(null);
  }, [state]);

  const onState = useCallback((uf: UF) => setQuoteInput({ state: uf }), []);
  const autofill = useCepAutofill({ enabled: cepLookup, ids: BLOCK_IDS, onState });
  // The CEP decides the UF the shipping is priced for, as on the server (@balcao/br/cep-uf).
  const lookUpCep = autofill.onZipInput;
  const onZipInput = useCallback(
    (value: string) => {
      const digits = value.replace(/\D/g, '');
      setQuoteInput({ cepUf: ufOfCep(value), zip: digits.length === 8 ? digits : null });
      lookUpCep(value);
    },
    [lookUpCep],
  );
  const quoteInput = useQuoteInput();
  const billingAutofill = useCepAutofill({ enabled: cepLookup, ids: BILLING_IDS, onState: noop });

  // What the address block means (lib/checkout/parse-form.ts, which the server runs, says the same).
  const delivering = delivery !== null && ship === 'delivery';
  const showBlock = delivery !== null ? delivering || method === 'boleto' : method === 'boleto';
  const showSameBox = delivering && method === 'boleto';
  const showBilling = hydrated && showSameBox && !sameAddress;
  const visible = (f: PersonField) =>
    isBillingField(f) ? showBilling : f === 'shipping' ? delivery !== null : isAddressField(f) ? (f === 'complement' ? delivering : showBlock) : true;
  const orderedErrors = [...(amount ? (['amount'] as const) : []), ...PERSON_FIELDS].filter((f) => errors[f] && (f === 'amount' || !hydrated || visible(f)));
  const itemsError = errors.items;
  const generalError = state?.error && !(orderedErrors.length > 0 && state.error === CHECK_FIELDS_MESSAGE) ? state.error : null;
  const blockTitle = delivering || (!hydrated && delivery) ? 'Endereço de entrega' : 'Endereço de cobrança (boleto)';
  const chooseShipping = (v: ShipChoice) => {
    setShip(v);
    setQuoteInput({ shipping: v });
  };

  return (
    <form
      ref={formRef}
      action={formAction}
      noValidate
      className={styles.form}
      data-method={hydrated ? method : undefined}
      onKeyDown={(e) => {
        // Enter in a field submits with the form's first submit button, which is "Aplicar" when the
        // coupon field is shown: Enter pays (as before) except in the coupon field, where it applies.
        if (!coupons || e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
        const selector = e.target.name === 'coupon' ? 'button[name="intent"]' : 'button[type="submit"]:not([name="intent"])';
        const button = formRef.current?.querySelector<HTMLButtonElement>(selector);
        if (!button) return;
        e.preventDefault();
        formRef.current?.requestSubmit(button);
      }}
      onSubmit={(e) => {
        // One submit at a time: a second click while the first is in flight does nothing.
        if (submitting.current) e.preventDefault();
        else submitting.current = true;
      }}
    >
      <input type="hidden" name="checkoutKey" value={values.checkoutKey || checkoutKey} />
      {Object.entries(hiddenFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}

      {state && (generalError || itemsError || orderedErrors.length > 0) ? (
        <div ref={alertRef} tabIndex={-1} className="alert alert-error" role="alert">
          {generalError ? <p className={styles.alertTitle}>{generalError}</p> : <p className={styles.alertTitle}>Confira os campos destacados:</p>}
          {itemsError && itemsError !== generalError ? <p>{itemsError}</p> : null}
          {orderedErrors.length > 0 ? (
            <ul className={styles.errorList}>
              {orderedErrors.map((f) => (
                <li key={f}>
                  <a href={`#campo-${f}`}>{errors[f]}</a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {amount ? (
        <div className="field">
          <label htmlFor="campo-amount">Valor a pagar</label>
          <div className={styles.money}>
            <span aria-hidden="true">R$</span>
            <MoneyInput
              id="campo-amount"
              name="amount"
              placeholder="0,00"
              defaultValue={values.amount ?? ''}
              maxLength={20}
              required
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={`${errors.amount ? 'campo-amount-erro ' : ''}campo-amount-dica`}
            />
          </div>
          {errors.amount ? (
            <p id="campo-amount-erro" className="field-error">
              {errors.amount}
            </p>
          ) : null}
          <p id="campo-amount-dica" className="field-hint">
            {amount.hint}
          </p>
        </div>
      ) : null}

      <fieldset className={styles.methods}>
        <legend className={styles.legend}>Como você quer pagar?</legend>
        <div className={styles.methodGrid}>
          {methods.includes('pix') ? (
            <RadioCard name="method" idPrefix="metodo" value="pix" label="Pix" icon={<MethodIcon method="pix" />} hint={pixHint ?? 'Aprovação na hora, pelo app do banco.'} checked={submittedMethod === 'pix'} onSelect={setMethod} />
          ) : null}
          {methods.includes('boleto') ? (
            <RadioCard name="method" idPrefix="metodo" value="boleto" label="Boleto" icon={<MethodIcon method="boleto" />} hint="Vence em alguns dias; compensa em até 3 dias úteis." checked={submittedMethod === 'boleto'} onSelect={setMethod} />
          ) : null}
        </div>
      </fieldset>

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
        </div>
      </fieldset>

      {delivery?.pickup.enabled ? (
        <fieldset className={styles.methods} id="campo-shipping" tabIndex={-1}>
          <legend className={styles.legend}>Como receber?</legend>
          <div className={styles.methodGrid}>
            <RadioCard name="shipping" idPrefix="entrega" value="delivery" label="Receber em casa" hint="Frete calculado pelo CEP." checked={submittedShipping === 'delivery'} onSelect={chooseShipping} />
            <RadioCard name="shipping" idPrefix="entrega" value="pickup" label="Retirar na loja" hint="Sem frete." checked={submittedShipping === 'pickup'} onSelect={chooseShipping} />
          </div>
          {errors.shipping ? <p className="field-error">{errors.shipping}</p> : null}
          <p className={`small ${styles.pickupNote} ${styles.pickupOnly}`} hidden={hydrated ? ship !== 'pickup' : undefined}>
            <strong>Retire em:</strong> {delivery.pickup.address}
          </p>
        </fieldset>
      ) : null}

      <fieldset className={`${styles.group} ${delivery ? '' : styles.boletoOnly}`} hidden={hydrated ? !showBlock : undefined} aria-labelledby="titulo-endereco">
        <legend className={styles.legend} id="titulo-endereco">
          {blockTitle}
        </legend>
        <AddressFields
          prefix=""
          kind={delivery ? 'shipping' : 'billing'}
          values={values}
          errors={errors}
          withComplement={delivery !== null && (!hydrated || delivering)}
          cepStatus={autofill.status}
          onZipInput={onZipInput}
          onState={onState}
          // Said while typing only where the address is the delivery's (what the server checks).
          ufMismatch={delivering && !errors.state ? cepUfMismatch(quoteInput) : null}
        />
      </fieldset>

      {delivery?.shipping.carrier && (delivering || !hydrated) ? <FreightOptions key={state?.freightOptions ? JSON.stringify(state.freightOptions) : 'cotacao'} initial={state?.freightOptions} submitted={values.freight} error={errors.freight} /> : null}

      {delivery && hydrated && showSameBox ? (
        <fieldset className={styles.group} aria-labelledby="titulo-cobranca">
          <legend className={styles.legend} id="titulo-cobranca">
            Endereço de cobrança (boleto)
          </legend>
          <label className={styles.sameAddress}>
            <input type="checkbox" checked={sameAddress} onChange={(e) => setSameAddress(e.currentTarget.checked)} />
            Mesmo endereço da entrega
          </label>
          {!sameAddress ? <input type="hidden" name="sameAddress" value="off" /> : null}
          {showBilling ? (
            <AddressFields
              prefix="billing"
              kind="billing"
              values={values}
              errors={errors}
              withComplement={false}
              cepStatus={billingAutofill.status}
              onZipInput={billingAutofill.onZipInput}
              onState={noop}
            />
          ) : null}
        </fieldset>
      ) : null}

      {delivery ? (
        <div className={styles.formTotals}>
          <CheckoutTotals money={delivery.money} shipping={delivery.shipping} method={hydrated ? method : undefined} live />
        </div>
      ) : null}

      <div className="field">
        <label htmlFor="campo-note">Observações para a loja</label>
        <textarea
          id="campo-note"
          name="note"
          rows={3}
          maxLength={BUYER_NOTE_MAX_LENGTH}
          defaultValue={values.note ?? ''}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? 'campo-note-hint campo-note-erro' : 'campo-note-hint'}
        />
        <p id="campo-note-hint" className="field-hint">
          Opcional. Um recado para a loja, como um presente para embrulhar (até {BUYER_NOTE_MAX_LENGTH} caracteres).
        </p>
        {errors.note ? (
          <p id="campo-note-erro" className="field-error">
            {errors.note}
          </p>
        ) : null}
      </div>

      {coupons ? <CouponField value={values.coupon ?? ''} error={errors.coupon} applied={state?.coupon ?? null} ships={delivery !== null} /> : null}
      {action === checkoutAction ? <DraftAutosave /> : null}

      <SubmitButton method={hydrated ? method : null} />
      <p className={`small muted ${styles.fineprint}`}>
        Ao continuar, geramos a cobrança no valor exato do pedido. Nada é cobrado antes de você pagar.
      </p>
    </form>
  );
}

type ShipChoice = 'delivery' | 'pickup';
type PersonField = (typeof PERSON_FIELDS)[number];
const noop = () => {};
const BLOCK_IDS = { zip: 'campo-zip', street: 'campo-street', neighborhood: 'campo-neighborhood', city: 'campo-city', state: 'campo-state', number: 'campo-number' };
const BILLING_IDS = { zip: 'campo-billingZip', street: 'campo-billingStreet', neighborhood: 'campo-billingNeighborhood', city: 'campo-billingCity', state: 'campo-billingState', number: 'campo-billingNumber' };

type AddressKey = 'zip' | 'street' | 'number' | 'complement' | 'neighborhood' | 'city' | 'state';

/** CEP first, then rua, número, complemento, bairro, cidade, UF (the Correios' order), with the phone's autofill tokens. */
function AddressFields({
  prefix,
  values,
  errors,
  withComplement,
  cepStatus,
  onZipInput,
  onState,
  kind,
  ufMismatch = null,
}: {
  /** The UF chosen is not the CEP's (the delivery address only). */
  ufMismatch?: string | null;
  /** The browser's autofill: where it ships to, or whom the boleto bills. */
  kind: 'shipping' | 'billing';
  prefix: '' | 'billing';
  values: FormValues;
  errors: FieldErrors;
  withComplement: boolean;
  cepStatus: CepStatus;
  onZipInput: (value: string) => void;
  onState: (uf: UF) => void;
}) {
  const n = (f: AddressKey) => (prefix ? `billing${f[0].toUpperCase()}${f.slice(1)}` : f) as keyof FormValues & keyof FieldErrors;
  // The payer's address for the boleto is another address of the same person: its own autofill section.
  const ac = (token: string) => (prefix ? `section-billing billing ${token}` : `${kind} ${token}`);
  const state = n('state');
  const statusId = `campo-${n('zip')}-busca`;
  return (
    <div className={`form-grid ${styles.addressGrid}`}>
      <Field
        name={n('zip')}
        label="CEP"
        error={errors[n('zip')]}
        defaultValue={values[n('zip')]}
        inputMode="numeric"
        autoComplete={ac('postal-code')}
        maxLength={9}
        mask={cepMask}
        className={styles.zip}
        onValue={onZipInput}
        describedBy={statusId}
        after={
          <p id={statusId} className={`field-hint ${styles.cepStatus}`} aria-live="polite">
            {CEP_STATUS_TEXT[cepStatus]}
          </p>
        }
      />
      <Field name={n('street')} label="Rua" error={errors[n('street')]} defaultValue={values[n('street')]} autoComplete={ac('address-line1')} maxLength={200} className={styles.street} />
      <Field name={n('number')} label="Número" error={errors[n('number')]} defaultValue={values[n('number')]} autoComplete="off" maxLength={20} className={styles.number} />
      {withComplement ? (
        <Field
          name={n('complement')}
          label="Complemento (opcional)"
          error={errors[n('complement')]}
          defaultValue={values[n('complement')]}
          autoComplete={ac('address-line2')}
          maxLength={60}
          className={styles.complement}
          optional
        />
      ) : null}
      <Field name={n('neighborhood')} label="Bairro" error={errors[n('neighborhood')]} defaultValue={values[n('neighborhood')]} autoComplete={ac('address-level3')} maxLength={100} className={styles.neighborhood} />
      <Field name={n('city')} label="Cidade" error={errors[n('city')]} defaultValue={values[n('city')]} autoComplete={ac('address-level2')} maxLength={100} className={styles.city} />
      <div className={`field ${styles.uf}`}>
        <label htmlFor={`campo-${state}`}>UF</label>
        <select
          // React updates an input's default value, not a select's: remount it with the submitted UF,
          // so the form reset that follows each action keeps the buyer's choice.
          key={values[state] ?? ''}
          id={`campo-${state}`}
          name={state}
          defaultValue={values[state] ?? ''}
          autoComplete={ac('address-level1')}
          aria-invalid={errors[state] || ufMismatch ? true : undefined}
          aria-describedby={errors[state] || ufMismatch ? `campo-${state}-erro` : undefined}
          required
          onChange={(e) => {
            const uf = e.currentTarget.value;
            if (isUF(uf)) onState(uf);
          }}
        >
          <option value="">Selecione</option>
          {UFS.map(([code, name]) => (
            <option key={code} value={code} title={name}>
              {code}
            </option>
          ))}
        </select>
        {errors[state] || ufMismatch ? (
          <p id={`campo-${state}-erro`} className="field-error" aria-live="polite">
            {errors[state] ?? ufMismatch}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * One choice of a radio group drawn as a card (payment method, delivery or pickup): the radio,
 * its label (with an icon when given) and a hint the radio is described by.
 * Uncontrolled: React resets a form after its action, back to these defaults (the submitted choice).
 */
function RadioCard<T extends string>({
  name,
  idPrefix,
  value,
  label,
  icon,
  hint,
  checked,
  onSelect,
}: {
  name: string;
  idPrefix: string;
  value: T;
  label: string;
  icon?: ReactNode;
  hint: string;
  checked: boolean;
  onSelect: (v: T) => void;
}) {
  const id = `${idPrefix}-${value}`;
  return (
    <div className={styles.method}>
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        defaultChecked={checked}
        onChange={() => onSelect(value)}
        aria-describedby={`${id}-dica`}
        className={styles.methodRadio}
      />
      <label htmlFor={id} className={styles.methodLabel}>
        {icon}
        {label}
      </label>
      <span id={`${id}-dica`} className={styles.methodHint}>
        {hint}
      </span>
    </div>
  );
}

function MethodIcon({ method }: { method: Method }) {
  return method === 'pix' ? (
    <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" className={styles.methodIcon}>
      <path fill="currentColor" d="M12 2.6 21.4 12 12 21.4 2.6 12zM12 6.1 6.1 12l5.9 5.9 5.9-5.9z" />
      <circle cx="12" cy="12" r="2.2" fill="currentColor" />
    </svg>
  ) : (
    <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" className={styles.methodIcon}>
      <path fill="currentColor" d="M3 5h2v14H3zm3 0h1v14H6zm2 0h2v14H8zm3 0h1v14h-1zm3 0h1v14h-1zm2 0h2v14h-2zm3 0h2v14h-2z" />
    </svg>
  );
}

function Field({
  name,
  label,
  hint,
  error,
  defaultValue,
  type = 'text',
  inputMode,
  autoComplete,
  maxLength,
  mask,
  className,
  onValue,
  describedBy: extraDescribedBy,
  after,
  optional,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  defaultValue?: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'numeric' | 'email' | 'text';
  autoComplete?: string;
  maxLength?: number;
  mask?: Mask;
  className?: string;
  /** Called with the (masked) value after each edit. */
  onValue?: (value: string) => void;
  describedBy?: string;
  after?: ReactNode;
  optional?: boolean;
}) {
  const id = `campo-${name}`;
  const describedBy = [error ? `${id}-erro` : null, hint ? `${id}-dica` : null, extraDescribedBy ?? null].filter(Boolean).join(' ') || undefined;
  const masked = mask ? maskHandlers(mask) : null;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={masked ? masked.format(defaultValue ?? '') : (defaultValue ?? '')}
        inputMode={inputMode}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        spellCheck={false}
        onChange={(e) => {
          masked?.onChange(e);
          onValue?.(e.currentTarget.value);
        }}
        onFocus={masked?.onFocus}
      />
      {error ? (
        <p id={`${id}-erro`} className="field-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-dica`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {after}
    </div>
  );
}

/**
 * "Cupom de desconto": "Aplicar" is a second submit button (works without JavaScript): the server
 * prices the coupon and the form comes back with everything typed and the coupon's line.
 */
function CouponField({ value, error, applied, ships }: { value: string; error?: string; applied: AppliedCoupon | null; ships: boolean }) {
  const describedBy = [error ? 'campo-coupon-erro' : null, applied && !error ? 'campo-coupon-aplicado' : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${styles.coupon}`}>
      <label htmlFor="campo-coupon">Cupom de desconto</label>
      <div className={styles.couponRow}>
        <input
          id="campo-coupon"
          name="coupon"
          type="text"
          defaultValue={value}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <button type="submit" name="intent" value="apply-coupon" className="btn btn-secondary" formNoValidate>
          Aplicar
        </button>
      </div>
      {error ? (
        <p id="campo-coupon-erro" className="field-error">
          {error}
        </p>
      ) : null}
      {applied && !error ? (
        <p id="campo-coupon-aplicado" className="field-hint" role="status">
          Cupom {applied.code}: −{formatBRL(applied.discountCents)} nos produtos. Total: {formatBRL(applied.pix.totalCents)} no Pix ou {formatBRL(applied.boleto.totalCents)} no boleto
          {ships ? ', mais o frete' : ''}.
        </p>
      ) : null}
    </div>
  );
}

function SubmitButton({ method }: { method: Method | null }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={`btn btn-block ${styles.submit}`} disabled={pending} aria-disabled={pending || undefined}>
      {pending ? (
        'Gerando…'
      ) : method ? (
        method === 'pix' ? 'Pagar com Pix' : 'Gerar boleto'
      ) : (
        // Before JavaScript (or without it) CSS shows the label of the checked method.
        <>
          <span className={styles.labelPix}>Pagar com Pix</span>
          <span className={styles.labelBoleto}>Gerar boleto</span>
        </>
      )}
    </button>
  );
}
