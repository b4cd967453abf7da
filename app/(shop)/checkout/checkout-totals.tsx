'use client';
/**
 * The checkout's totals (Produtos · Cupom · Desconto no Pix · Frete · Total), from the page's
 * money, the shipping quoted so far (shipping-quote.tsx) and the coupon "Aplicar" priced on the
 * server.
 */
import { useSyncExternalStore } from 'react';
import { formatBRL } from '@balcao/br/money';
// Types only: lib/orders/pricing reaches zod, whose eval probe the page's CSP refuses.
import type { OrderMoney } from '@/lib/orders/pricing';
import { bpsToPercentText } from '@/lib/payment-settings/pix-discount';
import type { ShippingQuote } from '@/lib/shipping/words';
import { quoteFor, useQuoteInput, type Shipping } from './shipping-quote';
import styles from './checkout.module.css';

/**
 * The coupon "Aplicar" priced on the server (null: none), which the summary's totals then use:
 * kept until the server refuses a code or prices another one, so a submit that comes back with
 * an error in another field does not drop it from the totals while the code is still in its field.
 */
export type SummaryCoupon = { code: string; pix: OrderMoney; boleto: OrderMoney };
let coupon: SummaryCoupon | null = null;
const couponListeners = new Set<() => void>();

export function setSummaryCoupon(next: SummaryCoupon | null): void {
  if (next === coupon) return;
  coupon = next;
  for (const l of couponListeners) l();
}

function subscribeCoupon(l: () => void) {
  couponListeners.add(l);
  return () => couponListeners.delete(l);
}

export function useSummaryCoupon(): SummaryCoupon | null {
  return useSyncExternalStore(subscribeCoupon, () => coupon, () => null);
}

function shippingText(q: ShippingQuote | null): string {
  if (!q) return 'Informe o CEP';
  if (!q.ok) return 'Indisponível';
  if (q.kind === 'pickup') return 'Retirar na loja (grátis)';
  return q.cents === 0 ? 'Grátis' : formatBRL(q.cents);
}

type Money = { pix: OrderMoney; boleto: OrderMoney; /** Said when the Pix total falls below the minimum (the server decides). */ pixMinimumNote?: string | null };

/**
 * Itens · Cupom · Desconto no Pix · Frete · Total, for each method: with `method` (the form,
 * hydrated) only that one; without it both, and CSS shows the one whose radio is checked (no
 * script needed). `shipping` null: nothing in the cart ships (no shipping line). `compact`: only
 * the total (the folded summary line on a phone). A coupon applied with "Aplicar" replaces the
 * page's money by the server's. The Pix discount never applies to shipping.
 */
export function CheckoutTotals({ money: pageMoney, shipping, compact, live, method }: { money: Money; shipping: Shipping | null; compact?: boolean; live?: boolean; method?: 'pix' | 'boleto' }) {
  const input = useQuoteInput();
  const applied = useSummaryCoupon();
  const money: Money = applied ? { ...pageMoney, pix: applied.pix, boleto: applied.boleto } : pageMoney;
  const q = shipping ? quoteFor(shipping, input) : null;
  const shippingCents = q && q.ok ? q.cents : 0;
  const total = (m: OrderMoney) => formatBRL(m.totalCents + shippingCents);
  const byMethod = (tid?: string) =>
    method ? (
      <span data-testid={tid}>{total(money[method])}</span>
    ) : (
      <>
        <span className={styles.forPix}>{total(money.pix)}</span>
        <span className={styles.forBoleto}>{total(money.boleto)}</span>
      </>
    );
  if (compact) return <strong className={styles.total} data-testid="checkout-total">{byMethod()}</strong>;
  const pix = money.pix;
  const showDiscount = pix.pixDiscountCents > 0 && method !== 'boleto';
  return (
    <dl className={styles.totals} aria-live={live ? 'polite' : undefined}>
      {shipping || pix.pixDiscountCents > 0 || pix.couponDiscountCents > 0 || pix.promotionDiscountCents > 0 ? (
        <div>
          <dt>Produtos</dt>
          <dd>{formatBRL(pix.itemsCents)}</dd>
        </div>
      ) : null}
      {pix.promotionDiscountCents > 0 ? (
        <div>
          <dt>Promoções</dt>
          <dd data-testid={live ? 'promocoes' : undefined}>−{formatBRL(pix.promotionDiscountCents)}</dd>
        </div>
      ) : null}
      {applied && pix.couponDiscountCents > 0 ? (
        <div>
          <dt>Cupom {applied.code}</dt>
          <dd data-testid={live ? 'cupom' : undefined}>−{formatBRL(pix.couponDiscountCents)}</dd>
        </div>
      ) : null}
      {showDiscount ? (
        <div className={method ? undefined : styles.forPix}>
          <dt>Desconto no Pix ({bpsToPercentText(pix.pixDiscountBps)}%)</dt>
          <dd>−{formatBRL(pix.pixDiscountCents)}</dd>
        </div>
      ) : null}
      {shipping ? (
        <div>
          <dt>Frete</dt>
          <dd data-testid={live ? 'frete' : undefined}>
            {shippingText(q)}
            {q && q.ok && q.kind === 'delivery' && q.freeByThreshold ? <span className="small muted"> (compra acima do mínimo)</span> : null}
          </dd>
        </div>
      ) : null}
      <div className={styles.totalsTotal}>
        <dt>Total</dt>
        <dd>{byMethod(live ? 'total' : undefined)}</dd>
      </div>
      {q && !q.ok ? <p className={`field-error ${styles.totalsNote}`}>{q.message}</p> : null}
      {money.pixMinimumNote && method !== 'boleto' ? <p className={`small ${method ? '' : styles.forPix}`}>{money.pixMinimumNote}</p> : null}
    </dl>
  );
}
