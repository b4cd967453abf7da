'use client';
/**
 * The end of the checkout form: the live totals (when something ships), "Observações para a
 * loja", "Cupom de desconto" with "Aplicar", the pay button and its fine print.
 */
import { useFormStatus } from 'react-dom';
import { BUYER_NOTE_MAX_LENGTH } from '@/lib/orders/words';
import type { FieldErrors, FormValues } from '@/lib/checkout/words';
import type { AppliedCoupon } from '@/lib/checkout';
import { formatBRL } from '@balcao/br/money';
import { CheckoutTotals } from './checkout-totals';
import type { DeliveryProps } from './delivery-section';
import type { Method } from './form-fields';
import styles from './checkout.module.css';

type Props = {
  delivery: DeliveryProps | null;
  /** The method chosen, once hydrated (null before: CSS shows the checked one's label). */
  method: Method | null;
  values: FormValues;
  errors: FieldErrors;
  coupons: boolean;
  applied: AppliedCoupon | null;
};

export function SummarySection({ delivery, method, values, errors, coupons, applied }: Props) {
  return (
    <>
      {delivery ? (
        <div className={styles.formTotals}>
          <CheckoutTotals money={delivery.money} shipping={delivery.shipping} method={method ?? undefined} live />
        </div>
      ) : null}
      <NoteField value={values.note ?? ''} error={errors.note} />
      {coupons ? <CouponField value={values.coupon ?? ''} error={errors.coupon} applied={applied} ships={delivery !== null} /> : null}
      <SubmitButton method={method} />
      <p className={`small muted ${styles.fineprint}`}>
        Ao continuar, geramos a cobrança no valor exato do pedido. Nada é cobrado antes de você pagar.
      </p>
    </>
  );
}

function NoteField({ value, error }: { value: string; error?: string }) {
  return (
    <div className="field">
      <label htmlFor="campo-note">Observações para a loja</label>
      <textarea
        id="campo-note"
        name="note"
        rows={3}
        maxLength={BUYER_NOTE_MAX_LENGTH}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'campo-note-hint campo-note-erro' : 'campo-note-hint'}
      />
      <p id="campo-note-hint" className="field-hint">
        Opcional. Um recado para a loja, como um presente para embrulhar (até {BUYER_NOTE_MAX_LENGTH} caracteres).
      </p>
      {error ? (
        <p id="campo-note-erro" className="field-error">
          {error}
        </p>
      ) : null}
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
