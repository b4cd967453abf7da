'use client';
/**
 * The shop's checkout form, shared by the cart (/checkout), payment links (/pagar/<code>) and
 * API sessions' hosted checkout (/c/<id>). It holds the form's state (the server action's
 * answer, the method and shipping chosen) and assembles its sections: payment, buyer, delivery,
 * summary. Works without JavaScript: each submit is a plain POST answered with the same form.
 */
import { useActionState, useEffect, useRef, useState } from 'react';
import { useHydrated } from '@/app/_components/use-hydrated';
import { isUF } from '@balcao/br/uf';
import { ufOfCep } from '@balcao/br/cep-uf';
import { CHECK_FIELDS_MESSAGE, PERSON_FIELDS, type FieldErrors, type FormValues } from '@/lib/checkout/words';
import { setQuoteInput } from './shipping-quote';
import { setSummaryCoupon } from './checkout-totals';
import { checkoutAction, type CheckoutActionState } from './actions';
import { DraftAutosave } from './draft-autosave';
import { addressLayout, fieldVisible, type ShipChoice } from './address-layout';
import { PaymentSection } from './payment-section';
import { BuyerSection } from './buyer-section';
import { DeliverySection, type DeliveryProps } from './delivery-section';
import { SummarySection } from './summary-section';
import { FormAlert } from './form-alert';
import type { Method } from './form-fields';
import styles from './checkout.module.css';

export type { DeliveryProps } from './delivery-section';

type Props = {
  checkoutKey: string;
  /** The server action (default: the cart's checkout). A payment link passes its own. */
  action?: (previous: CheckoutActionState, form: FormData) => Promise<CheckoutActionState>;
  /** The methods offered (default both). */
  methods?: readonly Method[];
  /** A payment link whose buyer types the amount: the field, with its minimum in words. */
  amount?: { hint: string };
  /** Posted as they are (a payment link's code, a session's id: they also name the draft). */
  hiddenFields?: Record<string, string>;
  /** The Pix price with the shop's discount, when there is one. */
  pixHint?: string;
  /** Something in the cart ships: the delivery address, the shipping rules and pickup. */
  delivery?: DeliveryProps | null;
  /** The CEP autofill is on (CEP_LOOKUP). */
  cepLookup?: boolean;
  /** What the form starts with (a saved draft, an API session's customer), until a submit answers. */
  prefill?: FormValues;
  /** "Cupom de desconto" with "Aplicar" (the cart's checkout; a payment link that allows coupons). */
  coupons?: boolean;
  /** The shop requires "Celular (WhatsApp)" (lib/payment-settings `requireBuyerPhone`); otherwise it is optional. */
  phoneRequired?: boolean;
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

  const layout = addressLayout({ ships: delivery !== null, ship, method, hydrated, sameAddress });
  const orderedErrors = [...(amount ? (['amount'] as const) : []), ...PERSON_FIELDS].filter((f) => errors[f] && (f === 'amount' || !hydrated || fieldVisible(f, layout, delivery !== null)));
  const generalError = state?.error && !(orderedErrors.length > 0 && state.error === CHECK_FIELDS_MESSAGE) ? state.error : null;
  const chooseShipping = (v: ShipChoice) => {
    setShip(v);
    setQuoteInput({ shipping: v });
  };

  return (
    <form
      id="checkout-form"
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
        <input key={name} type="hidden" name={name} value={values[name as keyof FormValues] ?? value} />
      ))}
      {state ? <FormAlert ref={alertRef} generalError={generalError} itemsError={errors.items} fields={orderedErrors} errors={errors} /> : null}
      <PaymentSection methods={methods} checked={submittedMethod} onSelect={setMethod} pixHint={pixHint} amount={amount} values={values} errors={errors} />
      <BuyerSection values={values} errors={errors} phoneRequired={phoneRequired} />
      <DeliverySection
        delivery={delivery}
        layout={layout}
        hydrated={hydrated}
        values={values}
        errors={errors}
        submittedShipping={submittedShipping}
        ship={ship}
        onShip={chooseShipping}
        sameAddress={sameAddress}
        onSameAddress={setSameAddress}
        cepLookup={cepLookup}
        freightOptions={state?.freightOptions}
      />
      <DraftAutosave formRef={formRef} />
      <SummarySection delivery={delivery} method={hydrated ? method : null} values={values} errors={errors} coupons={coupons} applied={state?.coupon ?? null} />
    </form>
  );
}
