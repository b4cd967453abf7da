import type { Metadata } from 'next';
import { can } from '@/lib/auth/permissions';
import { BulkConfirmPage, bulkSelection, type BulkSearchParams } from '../bulk-confirm-page';
import { BulkEmitForm } from './bulk-emit-form';

export const metadata: Metadata = { title: 'Emitir NF-e' };
export const dynamic = 'force-dynamic';

/**
 * "Emitir NF-e" of the orders list's selection: the selected orders and one confirm button.
 * Reached by the bulk bar's GET form (works without JavaScript); back always to the whole list.
 */
export default async function BulkEmitPage({ searchParams }: { searchParams: BulkSearchParams }) {
  const selection = await bulkSelection(searchParams, '/dashboard/orders/emitir-nfe', false);
  const { role } = selection.merchant;
  return (
    <BulkConfirmPage title="Emitir NF-e" back={selection.back} role={role} note="invoices:manage" selection={selection} allowed={can(role, 'invoices:manage')}>
      <BulkEmitForm orders={selection.list} />
    </BulkConfirmPage>
  );
}
