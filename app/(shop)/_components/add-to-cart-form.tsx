import { addToCartAction } from '../cart/actions';
import { PendingButton } from './pending-button';

/** "Adicionar ao carrinho": a plain form (works without JavaScript); the server reads the price from the catalog. */
export function AddToCartForm({
  productId,
  variantId,
  describedBy,
  compact = false,
  withQuantity = false,
  maxQuantity,
}: {
  productId: number;
  /** The variant chosen on the product page (a product with options). */
  variantId?: number;
  describedBy?: string;
  compact?: boolean;
  withQuantity?: boolean;
  /** Units left when stock is tracked: the choice stops there. */
  maxQuantity?: number;
}) {
  return (
    <form action={addToCartAction} className={compact ? undefined : 'stack'}>
      <input type="hidden" name="productId" value={productId} />
      {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
      {withQuantity ? (
        <div className="field" style={{ maxWidth: '8rem' }}>
          <label htmlFor={`qtd-${productId}`}>Quantidade</label>
          <select id={`qtd-${productId}`} name="quantity" defaultValue="1">
            {Array.from({ length: Math.max(1, Math.min(10, maxQuantity ?? 10)) }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <input type="hidden" name="quantity" value="1" />
      )}
      <PendingButton className={compact ? 'btn btn-secondary' : 'btn btn-block'} describedBy={describedBy} pendingText="Adicionando…">
        Adicionar ao carrinho
      </PendingButton>
    </form>
  );
}
