import type { Metadata } from 'next';
import Link from 'next/link';
import { can } from '@/lib/auth/permissions';
import { requireMerchant } from '@/lib/auth/session';
import { asSearchParams, parseSelection, selectedOrderIds } from '@/lib/orders/admin/order-selection';
import { PermissionNote } from '../../_components/permission-note';
import { BulkEmitForm } from './bulk-emit-form';
import { selectedOrders } from '../selected-orders';

export const metadata: Metadata = { title: 'Emitir NF-e' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * "Emitir NF-e" of the orders list's selection: the selected orders and one confirm button.
 * Reached by the bulk bar's GET form (works without JavaScript).
 */
export default async function BulkEmitPage({ searchParams }: Props) {
  const params = asSearchParams(await searchParams);
  const merchant = await requireMerchant(`/dashboard/orders/emitir-nfe?${params}`);
  const parsed = parseSelection(params);
  const ids = parsed.ok ? await selectedOrderIds(parsed.selection, merchant.role) : parsed;
  const list = ids.ok ? await selectedOrders(ids.ids, !can(merchant.role, 'buyers:read')) : [];
  return (
    <div className="stack">
      <p>
        <Link href="/dashboard/orders">← Pedidos</Link>
      </p>
      <h1>Emitir NF-e</h1>
      <PermissionNote role={merchant.role} permission="invoices:manage" />
      {!ids.ok || list.length === 0 ? (
        <p className="alert alert-warning" role="status">
          {ids.ok ? 'Pedido não encontrado.' : ids.error} <Link href="/dashboard/orders">Voltar para os pedidos</Link>
        </p>
      ) : can(merchant.role, 'invoices:manage') ? (
        <BulkEmitForm orders={list} />
      ) : null}
    </div>
  );
}
