import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { formatBRL } from '@balcao/br/money';
import { formatDateBR } from '@balcao/br/dates';
import { subscriberView, subscriberNoticeOf } from '@/lib/subscriptions';
import { CycleHistory } from '@/app/_components/subscription-cycles';
import { ManageForms } from './manage-forms';
import { AddressForm } from './address-form';

export const metadata: Metadata = { title: 'Minha assinatura', robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ token: string }>; searchParams: Promise<{ aviso?: string; confirmar?: string }> };

/** The subscriber's own page (the link of every cycle's e-mail): no sign-in, the token is the proof. */
export default async function SubscriptionPage({ params, searchParams }: Props) {
  const { token } = await params;
  const { aviso, confirmar } = await searchParams;
  const view = await subscriberView(decodeURIComponent(token));
  if (!view) notFound();
  const notice = subscriberNoticeOf(aviso);
  const running = view.status !== 'canceled';
  return (
    <main className="container stack">
      <p className="small muted">Minha assinatura</p>
      <h1>
        {view.productName}
        {view.variantName ? ` — ${view.variantName}` : ''}
      </h1>
      {notice ? (
        <p className={`alert ${notice.ok ? 'alert-success' : 'alert-error'}`} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      <section className="card stack" aria-labelledby="resumo">
        <h2 id="resumo">Resumo</h2>
        <dl className="stack">
          <div>
            <dt className="small muted">Situação</dt>
            <dd data-testid="subscription-status">{view.statusLabel}</dd>
          </div>
          <div>
            <dt className="small muted">Valor</dt>
            <dd>
              {formatBRL(view.unitCents)}
              {view.perPeriod} · {view.intervalLabel} · {view.method === 'pix' ? 'Pix' : 'Boleto'} (mais o frete de cada entrega)
            </dd>
          </div>
          {view.next ? (
            <div>
              <dt className="small muted">Próxima cobrança</dt>
              <dd data-testid="next-charge">
                {formatDateBR(view.next.date)} · {formatBRL(view.next.itemsCents)} + frete
              </dd>
            </div>
          ) : null}
          {view.newPrice ? (
            <div>
              <dt className="small muted">Novo preço</dt>
              <dd>
                {formatBRL(view.newPrice.cents)} a partir de {formatDateBR(view.newPrice.from)}
              </dd>
            </div>
          ) : null}
        </dl>
      </section>
      {running ? <ManageForms token={view.token} status={view.status} method={view.method} confirmCancel={confirmar === 'cancelar'} /> : null}
      {running && view.shipping === 'delivery' ? <AddressForm token={view.token} address={view.address} /> : null}
      <CycleHistory cycles={view.cycles} />
    </main>
  );
}
