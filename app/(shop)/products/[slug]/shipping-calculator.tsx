/**
 * "Calcular frete": a CEP → the same "Forma de entrega" options the checkout shows, for one unit
 * of the variant on screen. A plain GET form: works without JavaScript (the answer is the page).
 */
import { headers } from 'next/headers';
import { formatBRL } from '@balcao/br/money';
import type { CatalogItem } from '@/lib/catalog';
import { productDeliveryOptions } from '@/lib/checkout';
import { clientRateKey } from '@/lib/security';
import { optionDays } from '@/lib/shipping';

/** `item`: the variant on screen, as the product page read it (its catalog row: no second read). */
export async function ShippingCalculator({ item, variantParam, cep }: { item: CatalogItem; variantParam?: number; cep: string }) {
  if (!item.requiresShipping) return null;
  const digits = cep.replace(/\D/g, '').slice(0, 8);
  const answer = digits ? await productDeliveryOptions(item, digits, clientRateKey(await headers())) : null;
  return (
    <section aria-labelledby="calcular-frete" className="stack">
      <h2 id="calcular-frete" className="small">
        Calcular frete
      </h2>
      <form method="get" action="#calcular-frete" className="stack">
        {variantParam ? <input type="hidden" name="variante" value={variantParam} /> : null}
        <div className="field">
          <label htmlFor="frete-cep">CEP</label>
          <input id="frete-cep" name="cep" inputMode="numeric" autoComplete="postal-code" maxLength={9} defaultValue={cep} aria-describedby={answer && !answer.ok ? 'frete-erro' : undefined} />
        </div>
        <button type="submit" className="btn btn-secondary">
          Calcular
        </button>
      </form>
      {answer && !answer.ok ? (
        <p className="field-error" id="frete-erro" role="status">
          {answer.message}
        </p>
      ) : null}
      {answer && answer.ok ? (
        <div role="status">
          <ul data-testid="frete-opcoes">
            {answer.options.map((o) => (
              <li key={o.id}>{[o.name, o.cents === 0 ? 'Grátis' : formatBRL(o.cents), optionDays(o)].filter(Boolean).join(' — ')}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
