'use client';
/**
 * Where it goes and whom the boleto bills: "Como receber?" (delivery or pickup, when the shop
 * offers pickup), the address block (the delivery's, or the boleto's payer's when nothing
 * ships), "Forma de entrega" (a carrier's quotes) and the boleto's own payer address.
 * Which blocks show is `addressLayout`'s (the server's lib/checkout/parse-form.ts says the same).
 */
import { useCallback } from 'react';
import type { UF } from '@balcao/br/uf';
import { ufOfCep } from '@balcao/br/cep-uf';
import type { FieldErrors, FormValues } from '@/lib/checkout/words';
import type { OrderMoney } from '@/lib/orders/pricing';
import type { CheckoutFailure } from '@/lib/checkout';
import { useCepAutofill } from './cep-autofill';
import { AddressFields } from './address-fields';
import { FreightOptions } from './freight-options';
import { RadioCard } from './form-fields';
import { cepUfMismatch, setQuoteInput, useQuoteInput, type Shipping } from './shipping-quote';
import type { AddressLayout, ShipChoice } from './address-layout';
import styles from './checkout.module.css';

export type DeliveryProps = {
  /** The shop's rules and the items' subtotal, for the live shipping line. */
  shipping: Shipping;
  pickup: { enabled: boolean; address: string };
  /** Each method's money before shipping (the Pix discount applies to the items only). */
  money: { pix: OrderMoney; boleto: OrderMoney; pixMinimumNote?: string | null };
};

type Props = {
  delivery: DeliveryProps | null;
  layout: AddressLayout;
  hydrated: boolean;
  values: FormValues;
  errors: FieldErrors;
  /** The choice the form starts with, and the one made since. */
  submittedShipping: ShipChoice;
  ship: ShipChoice;
  onShip: (v: ShipChoice) => void;
  sameAddress: boolean;
  onSameAddress: (same: boolean) => void;
  cepLookup: boolean;
  /** The carrier's quotes the last answer carried (remounts "Forma de entrega" when they change). */
  freightOptions?: CheckoutFailure['freightOptions'];
};

const noop = () => {};
const BLOCK_IDS = { zip: 'campo-zip', street: 'campo-street', neighborhood: 'campo-neighborhood', city: 'campo-city', state: 'campo-state', number: 'campo-number' };
const BILLING_IDS = { zip: 'campo-billingZip', street: 'campo-billingStreet', neighborhood: 'campo-billingNeighborhood', city: 'campo-billingCity', state: 'campo-billingState', number: 'campo-billingNumber' };

export function DeliverySection({ delivery, layout, hydrated, values, errors, submittedShipping, ship, onShip, sameAddress, onSameAddress, cepLookup, freightOptions }: Props) {
  const { delivering, showBlock, showSameBox, showBilling } = layout;
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
  const blockTitle = delivering || (!hydrated && delivery) ? 'Endereço de entrega' : 'Endereço de cobrança (boleto)';

  return (
    <>
      {delivery?.pickup.enabled ? (
        <fieldset className={styles.methods} id="campo-shipping" tabIndex={-1}>
          <legend className={styles.legend}>Como receber?</legend>
          <div className={styles.methodGrid}>
            <RadioCard name="shipping" idPrefix="entrega" value="delivery" label="Receber em casa" hint="Frete calculado pelo CEP." checked={submittedShipping === 'delivery'} onSelect={onShip} />
            <RadioCard name="shipping" idPrefix="entrega" value="pickup" label="Retirar na loja" hint="Sem frete." checked={submittedShipping === 'pickup'} onSelect={onShip} />
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

      {delivery?.shipping.carrier && (delivering || !hydrated) ? <FreightOptions key={freightOptions ? JSON.stringify(freightOptions) : 'cotacao'} initial={freightOptions} submitted={values.freight} error={errors.freight} /> : null}

      {delivery && hydrated && showSameBox ? (
        <fieldset className={styles.group} aria-labelledby="titulo-cobranca">
          <legend className={styles.legend} id="titulo-cobranca">
            Endereço de cobrança (boleto)
          </legend>
          <label className={styles.sameAddress}>
            <input type="checkbox" checked={sameAddress} onChange={(e) => onSameAddress(e.currentTarget.checked)} />
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
    </>
  );
}
