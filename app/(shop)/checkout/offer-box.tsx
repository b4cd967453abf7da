import { formatBRL } from '@balcao/br/money';
import type { CheckoutOffer } from '@/lib/checkout';

/**
 * The offer at checkout: "Texto da oferta", the item and its price, and "Adicionar ao pedido".
 * The checkbox belongs to the checkout form by its `form` attribute, so it posts with it with or
 * without JavaScript; the server reads the offer's price again and adds the line to the same order.
 */
export function OfferBox({ offer }: { offer: Pick<CheckoutOffer, 'productId' | 'priceCents' | 'text'> & { item: { name: string; priceCents: number } } }) {
  return (
    <section className="card stack" aria-labelledby="oferta-titulo" data-testid="offer-box" style={{ borderStyle: 'dashed' }}>
      <h2 id="oferta-titulo" style={{ margin: 0, fontSize: 'var(--text-lg, 1.125rem)' }}>
        {offer.text}
      </h2>
      <p style={{ margin: 0 }}>
        {offer.item.name}: <s aria-label={`de ${formatBRL(offer.item.priceCents)}`}>{formatBRL(offer.item.priceCents)}</s> <strong>por {formatBRL(offer.priceCents)}</strong>
      </p>
      <label className="check">
        <input type="checkbox" name="offer" value={offer.productId} form="checkout-form" /> Adicionar ao pedido
      </label>
      <p className="small muted" style={{ margin: 0 }}>
        Entra no mesmo pedido e no mesmo pagamento (+ {formatBRL(offer.priceCents)}).
      </p>
    </section>
  );
}
