import type { Metadata } from 'next';
import Link from 'next/link';
import { MAX_QUANTITY, readCart, anyShips, cartPromotions } from '@/lib/checkout';
import { coversOf } from '@/lib/catalog';
import { MIN_ORDER_CENTS, orderMoney } from '@/lib/orders/pricing';
import { bpsToPercentText } from '@/lib/payment-settings/pix-discount';
import { getSettings } from '@/lib/payment-settings/settings';
import { formatBRL } from '@balcao/br/money';
import { PendingButton } from '../_components/pending-button';
import { ProductImage } from '../_components/product-image';
import { updateCartLineAction } from './actions';
import styles from './cart.module.css';
import { TermsConsent } from '../_components/terms-consent';
import { PromotionLines } from '../_components/promotion-lines';
import { getShippingRules } from '@/lib/shipping';

export const metadata: Metadata = { title: 'Carrinho' };

export default async function CartPage() {
  const cart = await readCart();
  const ships = anyShips(cart.lines.map((l) => l.product));
  const [covers, settings, rules] = await Promise.all([coversOf(cart.lines.map((l) => l.product.id)), getSettings(), getShippingRules()]);
  const promos = await cartPromotions(cart, { ships, freeAboveCents: rules.freeAboveCents });
  const pix = orderMoney(cart.subtotalCents, 'pix', settings.pixDiscountBps, 0, promos.promotionCents);
  return (
    <main className="container">
      <h1>Carrinho</h1>
      {cart.droppedLines > 0 ? (
        <p className="alert alert-warning" role="status">
          {cart.droppedLines === 1
            ? 'Um item do carrinho não está mais à venda e foi retirado.'
            : `${cart.droppedLines} itens do carrinho não estão mais à venda e foram retirados.`}
        </p>
      ) : null}
      {cart.lines.length === 0 ? (
        <div className={`card ${styles.empty}`}>
          <p>Seu carrinho está vazio.</p>
          <Link href="/" className="btn">
            Ver produtos
          </Link>
        </div>
      ) : (
        <div className={styles.layout}>
          <ul className={styles.lines} aria-label="Itens do carrinho">
            {cart.lines.map(({ product, quantity, lineTotalCents, problem }) => {
              const nameId = `item-${product.id}-${product.variantId}`;
              // A variant's line links to its choice on the product page and posts its id back.
              const href = product.variantName ? `/products/${product.slug}?variante=${product.variantId}` : `/products/${product.slug}`;
              return (
                <li key={`${product.id}-${product.variantId}`} className={`card ${styles.line}`}>
                  <Link href={href} className={styles.thumb} tabIndex={-1} aria-hidden="true">
                    <ProductImage src={product.imagePath} cover={covers.get(product.id)} sizes="96px" alt="" className={styles.thumbImage} />
                  </Link>
                  <div className={styles.info}>
                    <Link href={href} className={styles.name} id={nameId}>
                      {product.name}
                    </Link>
                    <span className="small muted">{formatBRL(product.priceCents)} cada</span>
                    {problem ? <span className={styles.problem}>{problem}</span> : null}
                  </div>
                  <form action={updateCartLineAction} className={styles.controls}>
                    <input type="hidden" name="productId" value={product.id} />
                    {product.variantName ? <input type="hidden" name="variantId" value={product.variantId} /> : null}
                    <div className={styles.stepper} role="group" aria-label={`Quantidade de ${product.name}`}>
                      <PendingButton className={`btn btn-ghost ${styles.step}`} name="quantity" value={String(quantity - 1)} ariaLabel={`Diminuir quantidade de ${product.name}`}>
                        −
                      </PendingButton>
                      <output className={styles.qty} aria-live="polite" aria-label={`Quantidade: ${quantity}`}>
                        {quantity}
                      </output>
                      {quantity < MAX_QUANTITY ? (
                        <PendingButton className={`btn btn-ghost ${styles.step}`} name="quantity" value={String(quantity + 1)} ariaLabel={`Aumentar quantidade de ${product.name}`}>
                          +
                        </PendingButton>
                      ) : (
                        <button type="button" className={`btn btn-ghost ${styles.step}`} disabled aria-label={`Quantidade máxima de ${product.name}`}>
                          +
                        </button>
                      )}
                    </div>
                    <span className={styles.lineTotal}>{formatBRL(lineTotalCents)}</span>
                    <PendingButton className={`btn btn-ghost ${styles.remove}`} name="intent" value="remove" describedBy={nameId}>
                      Remover
                    </PendingButton>
                  </form>
                </li>
              );
            })}
          </ul>
          <aside className={`card ${styles.summary}`} aria-labelledby="resumo-carrinho">
            <h2 id="resumo-carrinho">Resumo</h2>
            <p className={styles.subtotal}>
              <span>Subtotal ({cart.itemCount === 1 ? '1 item' : `${cart.itemCount} itens`})</span>
              <strong data-testid="cart-subtotal">{formatBRL(cart.subtotalCents)}</strong>
            </p>
            <PromotionLines discounts={promos.discounts} nudge={promos.nudge} />
            {promos.promotionCents > 0 ? (
              <p className={styles.subtotal}>
                <span>Com as promoções</span>
                <strong data-testid="cart-total">{formatBRL(cart.subtotalCents - promos.promotionCents)}</strong>
              </p>
            ) : null}
            {pix.pixDiscountCents > 0 ? (
              <p className={styles.subtotal}>
                <span>No Pix ({bpsToPercentText(pix.pixDiscountBps)}% de desconto)</span>
                <strong>{formatBRL(pix.totalCents)}</strong>
              </p>
            ) : null}
            <p className="small muted">
              {ships ? 'Frete calculado pelo CEP na finalização da compra. ' : ''}Pague com Pix (aprovação na hora) ou
              boleto.
            </p>
            {cart.belowMinimum ? (
              <p className="alert alert-warning" role="status" id="motivo-bloqueio">
                O valor mínimo para pagar com Pix ou boleto é {formatBRL(MIN_ORDER_CENTS)}. Faltam{' '}
                {formatBRL(MIN_ORDER_CENTS - cart.subtotalCents)}: adicione mais itens para finalizar a compra.
              </p>
            ) : null}
            {cart.blocker ? (
              <>
                <button type="button" className="btn btn-block" disabled aria-describedby="motivo-bloqueio">
                  Finalizar compra
                </button>
                {!cart.belowMinimum ? (
                  <p id="motivo-bloqueio" className="field-error">
                    {cart.blocker}
                  </p>
                ) : null}
              </>
            ) : (
              <Link href="/checkout" className="btn btn-block">
                Finalizar compra
              </Link>
            )}
            <TermsConsent />
            <Link href="/" className={styles.continue}>
              Continuar comprando
            </Link>
          </aside>
        </div>
      )}
    </main>
  );
}
