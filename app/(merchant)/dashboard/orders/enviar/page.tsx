import type { Metadata } from 'next';
import { can } from '@/lib/auth/permissions';
import { BulkConfirmPage, bulkSelection, type BulkSearchParams } from '../bulk-confirm-page';
import { BulkShipForm } from './bulk-ship-form';

export const metadata: Metadata = { title: 'Marcar como enviados' };
export const dynamic = 'force-dynamic';

/**
 * "Marcar como enviados" of the orders list's selection: each selected order with its tracking
 * code field, one carrier for all. Reached by the bulk bar's GET form (works without JavaScript).
 */
export default async function BulkShipPage({ searchParams }: { searchParams: BulkSearchParams }) {
  const selection = await bulkSelection(searchParams, '/dashboard/orders/enviar');
  const { role } = selection.merchant;
  return (
    <BulkConfirmPage title="Marcar como enviados" back={selection.back} role={role} note="fulfilment:act" selection={selection} allowed={can(role, 'fulfilment:act')}>
      <BulkShipForm orders={selection.list} />
    </BulkConfirmPage>
  );
}
