'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import useSWR from 'swr';
import type { ShippingMethod } from '@/db/schema';
import { statusBadgeClass, statusLabel } from '@/lib/orders/words';
import { FulfilmentProgress } from './fulfilment-progress';
import { StateMessage } from './state-message';
import type { StatusSnapshot } from './status-snapshot';
import styles from './order.module.css';

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
