'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import useSWR from 'swr';
import type { FulfillmentStatus, OrderStatus, ShippingMethod } from '@/db/schema';
import { CopyButton } from '@/app/_components/copy-button';
import { FULFILMENT_LABELS, progressDone, progressSteps } from '@/lib/fulfilment/moves';
import { formatDateTimeBR } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import { statusBadgeClass, statusLabel } from '@/lib/orders/status-labels';
import { reorderAction } from '../../cart/actions';
import { newPixAction } from './actions';
import styles from './order.module.css';

export type StatusSnapshot = {
  status: OrderStatus;
  paid_at: string | null;
  refunded_cents: number;
  updated_at: string;
  fulfillment: { status: FulfillmentStatus; carrier: string | null; tracking_code: string | null; tracking_url: string | null } | null;
};

/** A paid order still on its way: the page keeps asking, slower than while waiting for the payment. */
const FULFILMENT_POLL_MS = 5000;
const fulfilmentOpen = (s: StatusSnapshot) => s.status === 'paid' && !!s.fulfillment && s.fulfillment.status !== 'delivered' && s.fulfillment.status !== 'picked_up';

class StatusFetchError extends Error {
  constructor(readonly status: number) {
    super(`status ${status}`);
  }
}

async function fetchStatus(url: string): Promise<StatusSnapshot> {
  const res = await fetch(url, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!res.ok) throw new StatusFetchError(res.status);
  return (await res.json()) as StatusSnapshot;
}

/**
 * The order's live state: polls GET /api/orders/<token>/status while pending (SWR, every
 * 1.5 s and on focus), switches the badge and message by itself, and refreshes the server
 * parts of the page (artifacts, receipt link) whenever the state moves.
 */
export function OrderStatusPanel({
  token,
  initial,
  method,
  totalCents,
  linkCode = null,
  shipping = null,
  pixRenewal = true,
}: {
  token: string;
  initial: StatusSnapshot;
  method: 'pix' | 'boleto';
  totalCents: number;
  /** The payment link the order came from: "Pagar novamente" opens it instead of refilling the cart. */
  linkCode?: string | null;
  /** An expired Pix may get "Gerar novo Pix" (its terms allow it: lib/payments/attempt-terms.ts). */
  pixRenewal?: boolean;
  /** How the order reaches the buyer (null: nothing ships). */
  shipping?: ShippingMethod | null;
}) {
  const router = useRouter();
  // The newer of the cached snapshot and the server's: after "Gerar novo Pix" the page renders a
  // new attempt that a snapshot cached while it was expired predates.
  const newerOf = (snapshot: StatusSnapshot | undefined) => (snapshot && snapshot.updated_at >= initial.updated_at ? snapshot : initial);
  const { data } = useSWR<StatusSnapshot, StatusFetchError>(`/api/orders/${encodeURIComponent(token)}/status`, fetchStatus, {
    fallbackData: initial,
    refreshInterval: (latest) => (newerOf(latest).status === 'pending' ? 1500 : fulfilmentOpen(newerOf(latest)) ? FULFILMENT_POLL_MS : 0),
    revalidateOnFocus: true,
    revalidateOnMount: initial.status === 'pending',
    dedupingInterval: 1000,
    shouldRetryOnError: (err) => !(err instanceof StatusFetchError && err.status === 404),
    errorRetryInterval: 3000,
  });
  const current = newerOf(data);

  // A newer state than the server rendered: re-render the server parts (QR → receipt link…).
  useEffect(() => {
    if (current.status !== initial.status || current.updated_at > initial.updated_at) router.refresh();
  }, [current.status, current.updated_at, initial.status, initial.updated_at, router]);

  const label = statusLabel(current.status, current.refunded_cents, totalCents);
  return (
    <section className={styles.statusPanel} aria-labelledby="situacao-pedido">
      <div className={styles.statusLine}>
        <h2 id="situacao-pedido" className="visually-hidden">
          Situação do pedido
        </h2>
        <span role="status" aria-live="polite" aria-atomic="true">
          <span className={`${statusBadgeClass(current.status)} ${styles.badge}`} data-testid="order-status">
            {label}
          </span>
        </span>
      </div>
      {current.fulfillment && shipping ? <FulfilmentProgress fulfillment={current.fulfillment} shipping={shipping} /> : null}
      <StateMessage token={token} snapshot={current} method={method} totalCents={totalCents} linkCode={linkCode} pixRenewal={pixRenewal} />
    </section>
  );
}

function StateMessage({
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

export function ReorderButton({ token, primary = false, linkCode = null }: { token: string; primary?: boolean; linkCode?: string | null }) {
  if (linkCode) {
    return (
      <Link href={`/pagar/${linkCode}`} className={primary ? 'btn' : 'btn btn-secondary'}>
        Pagar novamente
      </Link>
    );
  }
  return (
    <form action={reorderAction}>
      <input type="hidden" name="token" value={token} />
      <button type="submit" className={primary ? 'btn' : 'btn btn-secondary'}>
        Comprar novamente
      </button>
    </form>
  );
}

/** Pago → Enviado → Entregue (or Pronto para retirada → Retirado), the carrier and the code to follow. */
function FulfilmentProgress({ fulfillment, shipping }: { fulfillment: NonNullable<StatusSnapshot['fulfillment']>; shipping: ShippingMethod }) {
  const steps = progressSteps(shipping);
  const done = progressDone(fulfillment.status);
  const url = fulfillment.tracking_url && /^https?:\/\/[^\s]+$/i.test(fulfillment.tracking_url) ? fulfillment.tracking_url : null;
  return (
    <section aria-labelledby="entrega-titulo" className={styles.fulfilment} data-testid="fulfilment">
      <h2 id="entrega-titulo" className={styles.fulfilmentTitle}>
        {shipping === 'pickup' ? 'Retirada' : 'Entrega'}: <span aria-live="polite">{fulfillment.status === 'unfulfilled' ? 'Em preparação' : FULFILMENT_LABELS[fulfillment.status]}</span>
      </h2>
      <ol className={styles.progress}>
        {steps.map((s, i) => (
          <li key={s.key} className={i < done ? styles.stepDone : styles.step} aria-current={i === done - 1 ? 'step' : undefined}>
            <span aria-hidden="true" className={styles.dot} />
            {s.label}
            <span className="visually-hidden">{i < done ? ' (concluído)' : ' (a seguir)'}</span>
          </li>
        ))}
      </ol>
      {fulfillment.tracking_code ? (
        <dl className={styles.tracking}>
          {fulfillment.carrier ? (
            <div>
              <dt>Transportadora</dt>
              <dd>{fulfillment.carrier}</dd>
            </div>
          ) : null}
          <div>
            <dt>Código de rastreio</dt>
            <dd className={styles.trackingCode}>
              <code data-testid="tracking-code">{fulfillment.tracking_code}</code>
              <CopyButton value={fulfillment.tracking_code} />
            </dd>
          </div>
        </dl>
      ) : null}
      {url ? (
        <a href={url} className="btn" target="_blank" rel="noopener noreferrer">
          Acompanhar entrega
        </a>
      ) : null}
    </section>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="12" cy="12" r="10" />
      <path d="m7.5 12.5 3 3 6-6.5" />
    </svg>
  );
}
