import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { can } from '@/lib/auth/permissions';
import { requireMerchant } from '@/lib/auth';
import { getOrderForAction, orderPageView } from '@/lib/orders/admin';
import { orderLabel } from '@/lib/orders/words';
import { BuyerCard, DeliveryCard } from './buyer-card';
import { FulfilmentCard } from './fulfilment-card';
import { ItemsCard, StockCard } from './items-card';
import { LabelCard } from './label-card';
import { NextStepCard } from './next-step-card';
import { DigitalCard } from './digital-card';
import { InvoiceCard } from './invoice-card';
import { NotesCard } from './notes-card';
import { OrderActions } from './order-actions';
import { OrderHeader } from './order-header';
import { OriginCard } from './origin-card';
import { PaymentCard } from './payment-card';
import styles from './order.module.css';
import { Timeline } from './timeline';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const order = await getOrderForAction(id);
  return { title: order ? `Pedido ${orderLabel(order)}` : 'Pedido' };
}

export default async function OrderPage({ params }: Props) {
  const { id } = await params;
  const merchant = await requireMerchant(`/dashboard/orders/${encodeURIComponent(id)}`);
  const view = await orderPageView(id, merchant.role);
  if (!view) notFound();
  const { order } = view;

  return (
    <div className="stack">
      <p className="small">
        <Link href="/dashboard/orders">← Pedidos</Link>
      </p>
      <OrderHeader view={view} />
      <NextStepCard view={view} canAct={can(merchant.role, 'fulfilment:act')} />

      <div className={styles.layout}>
        <div className="stack">
          <ItemsCard view={view} />
          <StockCard view={view} />
          <BuyerCard view={view} />
          <OriginCard order={order} />
          <DeliveryCard view={view} />
          <PaymentCard view={view} />
        </div>

        <aside className="stack" aria-label="Ações">
          <FulfilmentCard order={order} knownCarriersOnly={view.knownCarriersOnly} nextAction={view.nextStep?.action ?? null} />
          <LabelCard order={order} canBuy={view.actsOnOrders && can(merchant.role, 'fulfilment:act') && view.nextStep?.action !== 'buy_label'} canPrint={!view.masked && can(merchant.role, 'fulfilment:act')} />
          <DigitalCard order={order} role={merchant.role} />
          <InvoiceCard orderId={order.id} orderStatus={order.status} role={merchant.role} />
          <OrderActions view={view} />
          <NotesCard orderId={order.id} canWrite={view.canWriteNotes} notes={view.noteItems} />
        </aside>
      </div>

      <section className="card" aria-labelledby="timeline-title">
        <h2 id="timeline-title">Linha do tempo</h2>
        <p className="small muted">Tudo o que aconteceu com o pedido: pagamento, avisos do banco, e-mails e ações da equipe, do mais antigo ao mais recente.</p>
        <Timeline entries={view.timeline} />
      </section>
    </div>
  );
}
