import type { ReactNode } from 'react';
import Link from 'next/link';
import { can, type Permission, type Role } from '@/lib/auth/permissions';
import { requireMerchant } from '@/lib/auth';
import { asSearchParams, parseSelection, selectedOrderIds } from '@/lib/orders/admin';
import { PermissionNote } from '../_components/permission-note';
import { selectedOrders, type SelectedOrder } from './selected-orders';

export type BulkSearchParams = Promise<Record<string, string | string[] | undefined>>;
type Selection = { ids: { ok: true } | { ok: false; error: string }; list: SelectedOrder[] };

/**
 * The bulk bar's selection as its confirm page reads it (the bar's GET form): the merchant
 * (back to `path` with the same query after signing in), the way back to the list ("A enviar"
 * kept where `keepView`), and the orders, buyers masked for a role without buyers:read.
 */
export async function bulkSelection(searchParams: BulkSearchParams, path: string, keepView = true) {
  const params = asSearchParams(await searchParams);
  const merchant = await requireMerchant(`${path}?${params}`);
  const back = keepView && params.get('view') === 'a-enviar' ? '/dashboard/orders?view=a-enviar' : '/dashboard/orders';
  const parsed = parseSelection(params);
  const ids = parsed.ok ? await selectedOrderIds(parsed.selection, merchant.role) : parsed;
  const list = ids.ok ? await selectedOrders(ids.ids, !can(merchant.role, 'buyers:read')) : [];
  return { merchant, back, ids, list };
}

/**
 * A bulk action's confirm page: the way back, the title, why this role may not (`note`), then
 * the form where the role is `allowed`, or why there is nothing to confirm.
 */
export function BulkConfirmPage({
  title,
  back,
  role,
  note,
  selection,
  allowed,
  children,
}: {
  title: string;
  back: string;
  role: Role | null;
  note: Permission;
  selection: Selection;
  allowed: boolean;
  children: ReactNode;
}) {
  const { ids, list } = selection;
  return (
    <div className="stack">
      <p>
        <Link href={back}>← Pedidos</Link>
      </p>
      <h1>{title}</h1>
      <PermissionNote role={role} permission={note} />
      {!ids.ok || list.length === 0 ? (
        <p className="alert alert-warning" role="status">
          {ids.ok ? 'Pedido não encontrado.' : ids.error} <Link href={back}>Voltar para os pedidos</Link>
        </p>
      ) : allowed ? (
        children
      ) : null}
    </div>
  );
}
