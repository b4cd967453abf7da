import type { Metadata } from 'next';
import { can } from '@/lib/auth/permissions';
import { BulkConfirmPage, bulkSelection, type BulkSearchParams } from '../bulk-confirm-page';
import { BuyLabelsForm } from './buy-labels-form';

export const metadata: Metadata = { title: 'Comprar etiquetas' };
export const dynamic = 'force-dynamic';

/**
 * "Comprar etiquetas" of the orders list's selection: the orders listed, one confirm button,
 * then each order's label (its code) or why not. Reached by the bulk bar's GET form.
 */
export default async function BuyLabelsPage({ searchParams }: { searchParams: BulkSearchParams }) {
  const selection = await bulkSelection(searchParams, '/dashboard/orders/etiquetas');
  const { role } = selection.merchant;
  return (
    <BulkConfirmPage
      title="Comprar etiquetas"
      back={selection.back}
      role={role}
      note={can(role, 'orders:act') ? 'fulfilment:act' : 'orders:act'}
      selection={selection}
      allowed={can(role, 'orders:act') && can(role, 'fulfilment:act')}
    >
      <BuyLabelsForm orders={selection.list} />
    </BulkConfirmPage>
  );
}
