import type { Metadata } from 'next';
import Link from 'next/link';
import { randomUUID } from 'node:crypto';
import { readCart } from '@/lib/cart/cart';
import { MIN_ORDER_CENTS, orderMoney, PIX_MINIMUM_MESSAGE, type OrderMoney, type PricedCart } from '@/lib/orders/pricing';
import { bpsToPercentText } from '@/lib/settings/pix-discount';
import { getSettings } from '@/lib/settings/settings';
import { formatBRL } from '@/lib/money/money';
import { itemsLabel } from '@/lib/orders/format';
import { HydrateApart } from '../_components/hydrate-apart';
import { CheckoutForm } from './checkout-form';
import styles from './checkout.module.css';

export const metadata: Metadata = { title: 'Finalizar compra' };

export default async function CheckoutPage() {
  const cart = await readCart();
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
  const pix = orderMoney(cart.subtotalCents, 'pix', settings.pixDiscountBps);
  const boleto = orderMoney(cart.subtotalCents, 'boleto', 0);
  return (
    <main className="container">
      <h1>Finalizar compra</h1>
      <HydrateApart>
        <div className={styles.layout}>
          <section className={`card ${styles.summary}`} aria-labelledby="resumo-pedido">
            {/* On a phone the summary folds to one line; on a wide screen it is always open. */}
            <details className={styles.details}>
              <summary className={styles.summaryLine}>
                <span id="resumo-pedido">
                  Seu pedido <span className="muted">({itemsLabel(cart.itemCount)})</span>
                </span>
                <strong className={styles.total} data-testid="checkout-total">
                  <span className={styles.forPix}>{formatBRL(pix.totalCents)}</span>
                  <span className={styles.forBoleto}>{formatBRL(boleto.totalCents)}</span>
                </strong>
              </summary>
              <ItemList cart={cart} />
              <Totals pix={pix} boleto={boleto} />
            </details>
            <div className={styles.wide}>
              <h2 className={styles.wideTitle}>Seu pedido</h2>
              <ItemList cart={cart} />
              <Totals pix={pix} boleto={boleto} />
            </div>
          </section>
          <section className={`card ${styles.formCard}`} aria-label="Pagamento">
            <CheckoutForm
              checkoutKey={checkoutKey}
              pixHint={pix.pixDiscountCents > 0 ? `${formatBRL(pix.totalCents)} com ${bpsToPercentText(pix.pixDiscountBps)}% de desconto. Aprovação na hora.` : undefined}
            />
          </section>
        </div>
      </HydrateApart>
    </main>
  );
}

function ItemList({ cart }: { cart: PricedCart }) {
  return (
    <>
      <ul className={styles.items}>
        {cart.lines.map((l) => (
          <li key={l.product.id}>
            <span>
              {l.quantity} × {l.product.name}
            </span>
            <span className={styles.amount}>{formatBRL(l.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <p className="small">
        <Link href="/cart">Alterar itens</Link>
      </p>
    </>
  );
}

/** Items, the Pix discount as its own line, and the total — for whichever method is checked. */
function Totals({ pix, boleto }: { pix: OrderMoney; boleto: OrderMoney }) {
  return (
    <div className={styles.totals} aria-live="polite">
      {pix.pixDiscountCents > 0 ? (
        <>
          <p className={styles.totalLine}>
            <span>Itens</span>
            <span className={styles.amount}>{formatBRL(pix.itemsCents)}</span>
          </p>
          <p className={`${styles.totalLine} ${styles.forPix}`}>
            <span>Desconto no Pix ({bpsToPercentText(pix.pixDiscountBps)}%)</span>
            <span className={styles.amount}>−{formatBRL(pix.pixDiscountCents)}</span>
          </p>
        </>
      ) : null}
      <p className={styles.wideTotal}>
        <span>Total</span>
        <strong>
          <span className={styles.forPix}>{formatBRL(pix.totalCents)}</span>
          <span className={styles.forBoleto}>{formatBRL(boleto.totalCents)}</span>
        </strong>
      </p>
      {pix.totalCents < MIN_ORDER_CENTS ? <p className={`small ${styles.forPix}`}>{PIX_MINIMUM_MESSAGE}</p> : null}
    </div>
  );
}
