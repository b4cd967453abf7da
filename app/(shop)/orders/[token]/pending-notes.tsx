import Link from 'next/link';
import { env } from '@/lib/config/env';
import { RECIPIENT_CAP_REASON } from '@/lib/email';
import type { OrderView } from '@/lib/orders';

/**
 * Under an unpaid order's payment: the instructions e-mail that was held back, the demo's
 * "Simular pagamento", and how to confirm the payment without JavaScript.
 */
type Props = {
  order: OrderView;
  failed: boolean;
  /** "15:42": when the units this order holds go back to the shelf (lib/checkout/order-page.ts). */
  stockHeldUntil?: string | null;
};

export function PendingNotes({ order, failed, stockHeldUntil = null }: Props) {
  if (order.status !== 'pending') return null;
  return (
    <>
      {order.instructionsEmail?.lastError === RECIPIENT_CAP_REASON ? (
        <p className="alert alert-warning" role="status" data-testid="email-not-sent">
          <strong>Não enviamos as instruções por e-mail.</strong> O endereço {order.buyerEmail} já recebeu o limite de e-mails de pedidos
          não pagos nas últimas 24 horas (um cuidado contra o envio de mensagens a quem não pediu). Guarde o link desta página para pagar
          depois.
        </p>
      ) : null}
      {stockHeldUntil ? (
        <p className="small" data-testid="stock-held-until">
          Seus itens ficam reservados até <strong>{stockHeldUntil}</strong>. Depois disso o pagamento continua valendo, mas os itens
          podem esgotar antes.
        </p>
      ) : null}
      {!failed && onEmbeddedSandbox() ? (
        <p className="small muted">
          Loja de demonstração: nenhum dinheiro real circula. <Link href={`/sandbox/pedidos/${order.token}`}>Simular pagamento</Link>
        </p>
      ) : null}
      <noscript>
        <p className="small">
          A confirmação automática precisa de JavaScript. <a href={`/orders/${order.token}`}>Atualizar esta página</a> depois de pagar.
        </p>
      </noscript>
    </>
  );
}

/** The shop pays into its own embedded sandbox (a demo): the shopper may simulate paying their order. */
function onEmbeddedSandbox(): boolean {
  const e = env();
  return e.usingSandbox && e.sandboxEnabled;
}
