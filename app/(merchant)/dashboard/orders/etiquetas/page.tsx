import type { Metadata } from 'next';
import Link from 'next/link';
import { can } from '@/lib/auth/permissions';
import { requireMerchant } from '@/lib/auth/session';
import { asSearchParams, parseSelection, selectedOrderIds } from '@/lib/orders/admin/order-selection';
import { PermissionNote } from '../../_components/permission-note';
import { selectedOrders } from '../selected-orders';
import { BuyLabelsForm } from './buy-labels-form';

export const metadata: Metadata = { title: 'Comprar etiquetas' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * "Comprar etiquetas" of the orders list's selection: the orders listed, one confirm button,
 * then each order's label (its code) or why not. Reached by the bulk bar's GET form.
 */
export default async function BuyLabelsPage({ searchParams }: Props) {
  const params = asSearchParams(await searchParams);
  const merchant = await requireMerchant(`/dashboard/orders/etiquetas?${params}`);
  const back = params.get('view') === 'a-enviar' ? '/dashboard/orders?view=a-enviar' : '/dashboard/orders';
  const parsed = parseSelection(params);
  const ids = parsed.ok ? await selectedOrderIds(parsed.selection, merchant.role) : parsed;
  const list = ids.ok ? await selectedOrders(ids.ids, !can(merchant.role, 'buyers:read')) : [];
  const allowed = can(merchant.role, 'orders:act') && can(merchant.role, 'fulfilment:act');
  return (
    <div className="stack">
      <p>
        <Link href={back}>← Pedidos</Link>
      </p>
      <h1>Comprar etiquetas</h1>
      <PermissionNote role={merchant.role} permission={can(merchant.role, 'orders:act') ? 'fulfilment:act' : 'orders:act'} />
      {!ids.ok || list.length === 0 ? (
        <p className="alert alert-warning" role="status">
          {ids.ok ? 'Pedido não encontrado.' : ids.error} <Link href={back}>Voltar para os pedidos</Link>
        </p>
      ) : allowed ? (
        <BuyLabelsForm orders={list} />
      ) : null}
    </div>
  );
}
