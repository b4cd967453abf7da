import Link from 'next/link';
import { formatDateTimeBR } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import { newPixAction } from './actions';
import { ReorderButton } from './reorder-button';
import type { StatusSnapshot } from './status-snapshot';
import styles from './order.module.css';

/** What the order's state means for the buyer, and what they can do next (pay, see the receipt, buy again). */
export function StateMessage({
  token,
  snapshot,
  method,
  totalCents,
  linkCode,
  pixRenewal,
}: {
  token: string;
  snapshot: StatusSnapshot;
  method: 'pix' | 'boleto';
  totalCents: number;
  linkCode: string | null;
  pixRenewal: boolean;
}) {
  const receipt = `/orders/${token}/receipt`;
  switch (snapshot.status) {
    case 'pending':
      return (
        <p className={styles.stateText}>
          {method === 'pix'
            ? 'Assim que o Pix for pago, esta página confirma sozinha — não precisa recarregar.'
            : 'Assim que o banco confirmar o pagamento do boleto, esta página muda sozinha.'}
        </p>
      );
    case 'paid':
      return (
        <div className={`alert alert-success ${styles.stateBox}`}>
          <p className={styles.stateTitle}>
            <CheckIcon /> Pagamento confirmado!
          </p>
          <p>
            Recebemos {formatBRL(totalCents)}
            {snapshot.paid_at ? ` em ${formatDateTimeBR(snapshot.paid_at).replace(' ', ' às ')}` : ''}.{' '}
            {linkCode ? 'Obrigado pelo pagamento!' : snapshot.fulfillment && snapshot.fulfillment.status !== 'unfulfilled' ? 'Obrigado pela compra!' : 'Obrigado pela compra — seu pedido já está sendo separado.'}
          </p>
          <Link href={receipt} className="btn">
            Ver recibo
          </Link>
        </div>
      );
    case 'refunded': {
      const partial = snapshot.refunded_cents > 0 && snapshot.refunded_cents < totalCents;
      return (
        <div className={`alert alert-info ${styles.stateBox}`}>
          <p className={styles.stateTitle}>{partial ? 'Parte do valor foi devolvida' : 'Valor devolvido'}</p>
          <p>
            Devolvemos {formatBRL(snapshot.refunded_cents || totalCents)}
            {partial ? ` de ${formatBRL(totalCents)}` : ''} para a conta de onde veio o pagamento.
          </p>
          <div className="row">
            <Link href={receipt} className="btn btn-secondary">
              Ver recibo
            </Link>
            <ReorderButton token={token} linkCode={linkCode} />
          </div>
        </div>
      );
    }
    case 'expired':
      return (
        <div className={`alert alert-warning ${styles.stateBox}`}>
          <p className={styles.stateTitle}>O prazo para pagar terminou</p>
          {method === 'pix' && pixRenewal ? (
            <>
              <p>A cobrança foi encerrada e nada foi cobrado. Gere um novo Pix para este mesmo pedido.</p>
              <div className="row">
                <form action={newPixAction}>
                  <input type="hidden" name="token" value={token} />
                  <button type="submit" className="btn">
                    Gerar novo Pix
                  </button>
                </form>
                <ReorderButton token={token} linkCode={linkCode} />
              </div>
            </>
          ) : (
            <>
              <p>
                A cobrança foi encerrada e nada foi cobrado. Quer tentar de novo?{' '}
                {linkCode ? 'Abra o link de pagamento outra vez.' : 'Colocamos os mesmos itens no carrinho.'}
              </p>
              <ReorderButton token={token} linkCode={linkCode} primary />
            </>
          )}
        </div>
      );
    case 'canceled':
      return (
        <div className={`alert alert-warning ${styles.stateBox}`}>
          <p className={styles.stateTitle}>Pedido cancelado</p>
          <p>
            A cobrança foi cancelada e nada foi cobrado.{' '}
            {linkCode ? 'Você pode abrir o link de pagamento outra vez.' : 'Você pode fazer o pedido de novo com os mesmos itens.'}
          </p>
          <ReorderButton token={token} linkCode={linkCode} primary />
        </div>
      );
  }
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="12" cy="12" r="10" />
      <path d="m7.5 12.5 3 3 6-6.5" />
    </svg>
  );
}
