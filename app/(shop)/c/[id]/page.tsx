import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { randomUUID } from 'node:crypto';
import { formatBRL } from '@balcao/br/money';
import { safeReturnUrl, sessionById, sessionOrderStatus, sessionState } from '@/lib/checkout/sessions/sessions';
import { getShopIdentity } from '@/lib/shop';
import { getSettings } from '@/lib/payment-settings/settings';
import checkoutStyles from '../../checkout/checkout.module.css';
import linkStyles from '../../pagar/[code]/pay-link.module.css';
import { CheckoutForm } from '../../checkout/checkout-form';
import { TermsConsent } from '../../_components/terms-consent';
import { paySessionAction } from './actions';
import { sessionDraftPrefill } from '@/lib/checkout';

export const metadata: Metadata = { title: 'Pagamento', robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

/**
 * The hosted checkout of an API checkout session: the shop's own checkout form, prefilled with
 * what the store sent, for the session's lines. A session with an order waiting for payment
 * goes to that order's page; a completed or expired one says so.
 */
export default async function SessionCheckoutPage({ params }: Props) {
  const { id } = await params;
  const session = await sessionById(id);
  if (!session) notFound();
  const placed = await sessionOrderStatus(session);
  const state = sessionState(session, placed?.status ?? null);
  if (placed && state === 'open') redirect(`/orders/${placed.token}`);
  const shop = (await getShopIdentity()).name;
  const back = await safeReturnUrl(session, 'success');
  const cancel = await safeReturnUrl(session, 'cancel');

  if (state !== 'open') {
    return (
      <main className="container stack">
        <p className="small muted">Pagamento para {shop}</p>
        <section className={`card ${linkStyles.closed}`} role="status" aria-labelledby="sessao-fechada">
          <h1 id="sessao-fechada">{state === 'complete' ? 'Este pagamento já foi concluído' : 'Esta sessão de pagamento expirou'}</h1>
          <p>{state === 'complete' ? 'O pedido foi pago. Nada mais a fazer aqui.' : 'Nada foi cobrado. Volte para a loja para começar de novo.'}</p>
          {placed && state === 'complete' ? (
            <p>
              <a href={`/orders/${placed.token}`}>Ver o pedido</a>
            </p>
          ) : null}
          {back ? (
            <p>
              <a className="btn btn-secondary" href={back}>
                Voltar para a loja
              </a>
            </p>
          ) : null}
        </section>
      </main>
    );
  }

  const c = session.customer;
  const { requireBuyerPhone } = await getSettings();
  // What this browser typed here before (a draft, or its restore link) wins over what the store sent.
  const draft = await sessionDraftPrefill(session.id);
  return (
    <main className="container">
      <p className={`small muted ${linkStyles.shop}`}>Pagamento para {shop}</p>
      <h1>Finalizar pagamento</h1>
      <div className={`${linkStyles.layout} ${checkoutStyles.layout}`}>
        <section className={`card ${linkStyles.summary}`} aria-labelledby="resumo-sessao">
          <h2 id="resumo-sessao">Resumo</h2>
          <ul className="stack" data-testid="session-lines">
            {session.lines.map((l, i) => (
              <li key={i} className={checkoutStyles.totalLine}>
                <span>
                  {l.quantity} × {l.name}
                </span>
                <span>{formatBRL(l.lineTotalCents)}</span>
              </li>
            ))}
          </ul>
          <p className={linkStyles.total}>
            <span>Total</span>
            <strong data-testid="session-amount">{formatBRL(session.amountTotalCents)}</strong>
          </p>
          {cancel ? (
            <p className="small">
              <a href={cancel}>Cancelar e voltar</a>
            </p>
          ) : null}
        </section>
        <section className={`card ${linkStyles.formCard}`} aria-label="Pagamento">
          <CheckoutForm
            checkoutKey={randomUUID()}
            action={paySessionAction}
            methods={session.methods}
            hiddenFields={{ sessionId: session.id }}
            prefill={{ name: c.name ?? '', document: c.document ?? '', email: c.email ?? '', phone: c.phone ?? '', ...draft.prefill }}
            phoneRequired={requireBuyerPhone}
          />
          <TermsConsent />
        </section>
      </div>
    </main>
  );
}
