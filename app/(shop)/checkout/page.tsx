import type { Metadata } from 'next';
import Link from 'next/link';
import { randomUUID } from 'node:crypto';
import { readCart, anyShips, draftPrefill, cartPromotions, type CartPromotions, cartOffer } from '@/lib/checkout';
import { MIN_ORDER_CENTS, orderMoney, PIX_MINIMUM_MESSAGE, type PricedCart } from '@/lib/orders/pricing';
import { bpsToPercentText } from '@/lib/payment-settings/pix-discount';
import { getSettings } from '@/lib/payment-settings/settings';
import { formatBRL } from '@balcao/br/money';
import { itemsLabel } from '@/lib/orders/words';
import { CheckoutForm, type DeliveryProps } from './checkout-form';
import { cepLookupEnabled } from '@/lib/cep/service';
import { getShippingRules, getCarrierSettings, quotesWithCarrier } from '@/lib/shipping';
import { CheckoutTotals } from './checkout-totals';
import styles from './checkout.module.css';
import { TermsConsent } from '../_components/terms-consent';
import { DraftChanges } from './draft-changes';
import { PixelEvent } from '../_components/pixels';
import { pixelItemOf } from '@/lib/pixels';
import { PromotionLines } from '../_components/promotion-lines';
import { OfferBox } from './offer-box';

export const metadata: Metadata = { title: 'Finalizar compra' };

export default async function CheckoutPage({ searchParams }: { searchParams: Promise<{ retomada?: string }> }) {
  const cart = await readCart();
  const draft = await draftPrefill(cart, (await searchParams).retomada === '1');
  if (cart.blocker) {
    return (
      <main className="container stack">
        <h1>Finalizar compra</h1>
        <p className={cart.lines.length === 0 ? 'alert alert-info' : 'alert alert-warning'}>{cart.blocker}</p>
        <p>
          {cart.lines.length === 0 ? (
            <Link href="/" className="btn">
              Ver produtos
            </Link>
          ) : (
            <Link href="/cart" className="btn">
              Voltar ao carrinho
            </Link>
          )}
        </p>
      </main>
    );
  }
  // One key per rendered form: a double submit of this form is one order and one charge.
  const checkoutKey = randomUUID();
  // The total of each method; CSS shows the one whose radio is checked (with or without JS).
  const settings = await getSettings();
  const rules = anyShips(cart.lines.map((l) => l.product)) ? await getShippingRules() : null;
  const promos = await cartPromotions(cart, { ships: rules !== null, freeAboveCents: rules?.freeAboveCents ?? null });
  const pix = orderMoney(cart.subtotalCents, 'pix', settings.pixDiscountBps, 0, promos.promotionCents);
  const boleto = orderMoney(cart.subtotalCents, 'boleto', 0, 0, promos.promotionCents);
  // Something physical in the cart: the form asks where to deliver, and shipping joins the total.
  const pixMinimumNote = pix.totalCents < MIN_ORDER_CENTS ? PIX_MINIMUM_MESSAGE : null;
  // One offer at a time, chosen by the cart (lib/checkout/offers.ts).
  const offer = await cartOffer(cart.lines.map((l) => ({ productId: l.product.id, lineTotalCents: l.lineTotalCents })));
  // A live "Frete grátis" promotion is decided by the CEP on the server: "Forma de entrega" is quoted there.
  const shipping = rules ? { rules, itemsCents: cart.subtotalCents, carrier: quotesWithCarrier(await getCarrierSettings()) || promos.freeShippingLive } : null;
  const delivery: DeliveryProps | null = rules && shipping ? { shipping, pickup: rules.pickup, money: { pix, boleto, pixMinimumNote } } : null;
  return (
    <main className="container">
      <PixelEvent name="InitiateCheckout" items={cart.lines.map((l) => pixelItemOf(l.product, l.quantity))} valueCents={cart.subtotalCents} />
      <h1>Finalizar compra</h1>
      <DraftChanges changes={draft.changes} />
      <div className={styles.layout}>
        <section className={`card ${styles.summary}`} aria-labelledby="resumo-pedido">
          {/* On a phone the summary folds to one line; on a wide screen it is always open. */}
          <details className={styles.details}>
            <summary className={styles.summaryLine}>
              <span id="resumo-pedido">
                Seu pedido <span className="muted">({itemsLabel(cart.itemCount)})</span>
              </span>
              <CheckoutTotals money={{ pix, boleto, pixMinimumNote }} shipping={shipping} compact />
            </summary>
            <ItemList cart={cart} promos={promos} />
            <CheckoutTotals money={{ pix, boleto, pixMinimumNote }} shipping={shipping} />
          </details>
          <div className={styles.wide}>
            <h2 className={styles.wideTitle}>Seu pedido</h2>
            <ItemList cart={cart} promos={promos} />
            <CheckoutTotals money={{ pix, boleto, pixMinimumNote }} shipping={shipping} />
          </div>
        </section>
        <section className={`card ${styles.formCard}`} aria-label="Pagamento">
          {offer ? <OfferBox offer={offer} /> : null}
          <CheckoutForm
            checkoutKey={checkoutKey}
            pixHint={pix.pixDiscountCents > 0 ? `${bpsToPercentText(pix.pixDiscountBps)}% de desconto nos produtos. Aprovação na hora.` : undefined}
            delivery={delivery}
            cepLookup={cepLookupEnabled()}
            coupons
            hiddenFields={{ promotions: promos.seen }}
            phoneRequired={settings.requireBuyerPhone}
            prefill={draft.prefill}
          />
          <TermsConsent />
        </section>
      </div>
    </main>
  );
}

function ItemList({ cart, promos }: { cart: PricedCart; promos: CartPromotions }) {
  return (
    <>
      <ul className={styles.items}>
        {cart.lines.map((l) => (
          <li key={`${l.product.id}-${l.product.variantId}`}>
            <span>
              {l.quantity} × {l.product.name}
            </span>
            <span className={styles.amount}>{formatBRL(l.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <PromotionLines discounts={promos.discounts} nudge={promos.nudge} className={styles.items} />
      <p className="small">
        <Link href="/cart">Alterar itens</Link>
      </p>
    </>
  );
}
