import Link from 'next/link';
import { formatBRL } from '@balcao/br/money';
import { planPrice, type Plan, INTERVAL_LABELS, PER_PERIOD } from '@/lib/subscriptions';

type Props = { slug: string; plan: Plan; priceCents: number; variantId?: number; children: React.ReactNode };

/** A subscription product: "Assinar" with its price per period ("R$ 59,90/mês"), beside "Comprar uma vez" (the cart) when the merchant sells it once too. */
export function SubscribeChoice({ slug, plan, priceCents, variantId, children }: Props) {
  const unit = planPrice(plan, priceCents);
  const href = `/assinar/${slug}${variantId ? `?variante=${variantId}` : ''}`;
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="assinar-titulo">
        <h2 id="assinar-titulo" className="small">
          Assinatura · {INTERVAL_LABELS[plan.intervalMonths]}
        </h2>
        <p>
          <strong data-testid="subscription-price">
            {formatBRL(unit)}
            {PER_PERIOD[plan.intervalMonths]}
          </strong>
          {plan.discountBps > 0 ? <span className="small muted"> · {(plan.discountBps / 100).toLocaleString('pt-BR')}% de desconto</span> : null}
        </p>
        <p className="small muted">Pague cada entrega com Pix ou boleto. Pause ou cancele quando quiser.</p>
        <Link className="btn btn-block" href={href}>
          Assinar
        </Link>
      </section>
      {plan.alsoOnce ? (
        <section className="stack" aria-labelledby="uma-vez-titulo">
          <h2 id="uma-vez-titulo" className="small">
            Comprar uma vez
          </h2>
          {children}
        </section>
      ) : null}
    </div>
  );
}
