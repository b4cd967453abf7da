/**
 * The orders list's bulk actions, in the order of their buttons. Each is a submit button of the
 * bulk bar's GET form (works without JavaScript): its `action` receives the selection
 * (`selecao=1` with `pedido=<id>`… or `todos=1` and the list's query; lib/orders/
 * order-selection.ts) and checks the session and permission itself. A download answers at
 * once (a PDF, a CSV); an action that changes orders is a page with its own form, whose server
 * action answers per order (orders/enviar → bulk-actions.ts). A new bulk action is one more row.
 */
import type { Permission } from '@/lib/auth/permissions';

export type BulkAction = {
  label: string;
  /** The route (a page or a route handler) the selection is sent to. */
  action: string;
  permission: Permission;
  /** The button's own name and value, sent with the selection (a document's kind). */
  submit?: { name: string; value: string };
};

export const BULK_ACTIONS: readonly BulkAction[] = [
  { label: 'Imprimir declarações', action: '/dashboard/orders/documents', permission: 'dashboard:view', submit: { name: 'kind', value: 'declaracao' } },
  { label: 'Imprimir listas de separação', action: '/dashboard/orders/documents', permission: 'dashboard:view', submit: { name: 'kind', value: 'separacao' } },
  { label: 'Marcar como enviados', action: '/dashboard/orders/enviar', permission: 'fulfilment:act' },
  { label: 'Emitir NF-e', action: '/dashboard/orders/emitir-nfe', permission: 'invoices:manage' },
  { label: 'Comprar etiquetas', action: '/dashboard/orders/etiquetas', permission: 'orders:act' },
  // The labels name the buyers and their addresses: only for a role that sees them whole (each such role ships).
  { label: 'Imprimir etiquetas', action: '/dashboard/orders/etiquetas/pdf', permission: 'buyers:read' },
  { label: 'Exportar CSV', action: '/dashboard/orders/export', permission: 'dashboard:view' },
];
