import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireMerchant } from '@/lib/auth';
import { can } from '@/lib/auth/permissions';
import { formatBRL } from '@balcao/br/money';
import { formatDateBR, formatDateTimeBR } from '@balcao/br/dates';
import { merchantDetail } from '@/lib/subscriptions';
import { CycleHistory } from '@/app/_components/subscription-cycles';
import { ActionButton } from '../action-button';
import { subscriptionAction } from '../actions';

export const metadata: Metadata = { title: 'Assinatura' };
export const dynamic = 'force-dynamic';

const ACTIONS: Record<string, string> = {
  created: 'Assinatura criada',
  paused: 'Pausada',
  resumed: 'Retomada',
  canceled: 'Cancelada',
  skipped: 'Ciclo pulado',
  suspended: 'Suspensa',
  cycle_created: 'Cobrança gerada',
  cycle_paid: 'Ciclo pago',
  cycle_unpaid: 'Ciclo não pago',
  cycle_paused: 'Ciclo pausado',
  cycle_sold_out: 'Ciclo esgotado',
  cycle_refused: 'Cobrança recusada',
  address_changed: 'Endereço alterado',
  method_changed: 'Forma de pagamento alterada',
  price_change: 'Novo preço avisado',
};
const actorOf = (a: string) => (a === 'subscriber' ? 'assinante' : a === 'system' ? 'sistema' : 'loja');

/** One subscription: its cycles with their orders, "Pausar", "Cancelar assinatura", "Pular próximo ciclo", and the log. */
export default async function SubscriptionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const merchant = await requireMerchant(`/dashboard/assinaturas/${id}`);
  const s = await merchantDetail(id, !can(merchant.role, 'buyers:read'));
  if (!s) notFound();
  const acts = can(merchant.role, 'orders:act') && s.status !== 'canceled';
  return (
    <div className="stack">
      <p className="small">
        <Link href="/dashboard/assinaturas">Assinaturas</Link>
      </p>
      <h1>
        {s.productName} · {s.subscriber}
      </h1>
      <p>
        <strong data-testid="subscription-status">{s.statusLabel}</strong> · {formatBRL(s.amountCents)} · {s.interval} · {s.method === 'pix' ? 'Pix' : 'Boleto'}
        {s.nextChargeDate ? ` · Próxima cobrança: ${formatDateBR(s.nextChargeDate)}` : ''}
      </p>
      {acts ? (
        <div className="card stack">
          {s.status === 'active' ? <ActionButton action={subscriptionAction} fields={{ subscriptionId: id, action: 'pause', cycles: '1' }} label="Pausar por 1 ciclo" /> : null}
          <ActionButton action={subscriptionAction} fields={{ subscriptionId: id, action: 'skip' }} label="Pular próximo ciclo" />
          <ActionButton action={subscriptionAction} fields={{ subscriptionId: id, action: 'cancel' }} label="Cancelar assinatura" danger />
        </div>
      ) : null}
      <CycleHistory cycles={s.cycles} orderHref={(c) => (c.orderId ? `/dashboard/orders/${c.orderId}` : null)} />
      <section className="stack" aria-labelledby="registro">
        <h2 id="registro">Registro</h2>
        <ul className="stack small">
          {s.log.map((l) => (
            <li key={l.id}>
              {formatDateTimeBR(l.at)} · {ACTIONS[l.action] ?? l.action} ({actorOf(l.actor)}){l.detail && l.action !== 'cycle_created' ? ` · ${l.detail}` : ''}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
