import type { Metadata } from 'next';
import Link from 'next/link';
import { can } from '@/lib/auth/permissions';
import { requireMerchant } from '@/lib/auth/session';
import { asSearchParams, parseSelection, selectedOrderIds } from '@/lib/orders/admin/order-selection';
import { PermissionNote } from '../../_components/permission-note';
import { BulkShipForm } from './bulk-ship-form';
import { selectedOrders } from '../selected-orders';

export const metadata: Metadata = { title: 'Marcar como enviados' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * "Marcar como enviados" of the orders list's selection: each selected order with its tracking
 * code field, one carrier for all. Reached by the bulk bar's GET form (works without JavaScript).
 */
export default async function BulkShipPage({ searchParams }: Props) {
  const params = asSearchParams(await searchParams);
  const merchant = await requireMerchant(`/dashboard/orders/enviar?${params}`);
  const back = params.get('view') === 'a-enviar' ? '/dashboard/orders?view=a-enviar' : '/dashboard/orders';
  const parsed = parseSelection(params);
  const ids = parsed.ok ? await selectedOrderIds(parsed.selection, merchant.role) : parsed;
  const list = ids.ok ? await selectedOrders(ids.ids, !can(merchant.role, 'buyers:read')) : [];
  return (
    <div className="stack">
      <p>
        <Link href={back}>← Pedidos</Link>
      </p>
      <h1>Marcar como enviados</h1>
      <PermissionNote role={merchant.role} permission="fulfilment:act" />
      {!ids.ok || list.length === 0 ? (
        <p className="alert alert-warning" role="status">
          {ids.ok ? 'Pedido não encontrado.' : ids.error} <Link href={back}>Voltar para os pedidos</Link>
        </p>
      ) : can(merchant.role, 'fulfilment:act') ? (
        <BulkShipForm orders={list} />
      ) : null}
    </div>
  );
}
