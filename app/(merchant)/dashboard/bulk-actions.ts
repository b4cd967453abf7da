'use server';
/**
 * The orders list's bulk actions that change orders. "Marcar como enviados": the selected
 * orders with a tracking code each, one carrier for all (lib/fulfilment/bulk-ship.ts): every
 * code checked first (errors beside their fields, nothing applied), then each order the same
 * compare-and-set move as one click, answered per order ("12 enviados, 1 recusado: #1043 já
 * foi enviado"). "Emitir NF-e": each selected order through lib/nfe's one emission entry point,
 * answered per order ("3 emitidas, 1 recusado: #1043 não está pago"). "Imprimir declarações" and "Exportar CSV" are downloads, GETs of their route
 * handlers (orders/documents, orders/export), checked there the same way.
 */
import { revalidatePath } from 'next/cache';
import { refused, INVALID_FORM, merchantAction } from '@/lib/auth';
import { typedValues } from '@/lib/forms/typed-values';
import { can } from '@/lib/auth/permissions';
import { bulkShipSummary, checkBulkShip, shipSelected, type BulkShipReport } from '@/lib/fulfilment';
import { bulkEmitSummary, emitSelected, type BulkEmitReport } from '@/lib/nfe';
import { recordRequestActivity } from '@/lib/security';
import { SELECTION_MAX } from '@/lib/orders/admin';

export type BulkShipState = { ok: true; message: string; at: number; report: BulkShipReport };

export type BulkEmitState = { ok: true; message: string; at: number; report: BulkEmitReport };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The form's orders (`pedido`, in the page's order) and each one's `codigo-<id>`. */
function rowsOf(form: FormData): { orderId: string; code: string }[] {
  const ids = [...new Set(form.getAll('pedido').filter((v): v is string => typeof v === 'string' && UUID.test(v)))];
  return ids.map((orderId) => {
    const code = form.get(`codigo-${orderId}`);
    return { orderId: orderId.toLowerCase(), code: typeof code === 'string' ? code : '' };
  });
}

export const shipSelectedAction = merchantAction<FormData, BulkShipState>({ name: 'bulk-ship', permission: 'fulfilment:act' }, async (form, { merchant }) => {
  const rows = rowsOf(form);
  if (rows.length === 0) return refused('Selecione ao menos um pedido.');
  if (rows.length > SELECTION_MAX) return refused(`Selecione até ${SELECTION_MAX} pedidos por vez.`);
  const carrier = form.get('transportadora');
  const checked = checkBulkShip({ carrier: typeof carrier === 'string' ? carrier : '', rows }, can(merchant.role, 'fulfilment:tracking-links') ? 'any' : 'known');
  if (!checked.ok) {
    const fieldErrors: Record<string, string> = Object.fromEntries(Object.entries(checked.codeErrors).map(([id, message]) => [`codigo-${id}`, message]));
    if (checked.carrierError) fieldErrors.transportadora = checked.carrierError;
    return refused(INVALID_FORM, fieldErrors, typedValues(form));
  }
  const report = await shipSelected(checked.rows, merchant.email);
  const message = bulkShipSummary(report);
  if (report.applied > 0) {
    await recordRequestActivity({ actor: merchant, action: 'fulfilment', summary: `Marcar como enviados: ${message}` });
    revalidatePath('/dashboard/orders');
    revalidatePath('/dashboard');
  }
  return { ok: true, message, at: Date.now(), report };
});

export const emitSelectedAction = merchantAction<FormData, BulkEmitState>({ name: 'bulk-nfe', permission: 'invoices:manage' }, async (form, { merchant }) => {
  const ids = rowsOf(form).map((r) => r.orderId);
  if (ids.length === 0) return refused('Selecione ao menos um pedido.');
  if (ids.length > SELECTION_MAX) return refused(`Selecione até ${SELECTION_MAX} pedidos por vez.`);
  const result = await emitSelected(ids);
  if (!result.ok) return refused(result.message);
  const message = bulkEmitSummary(result.report);
  if (result.report.applied > 0) {
    await recordRequestActivity({ actor: merchant, action: 'nfe', summary: `Emitir NF-e em lote: ${message}` });
    revalidatePath('/dashboard/orders');
  }
  return { ok: true, message, at: Date.now(), report: result.report };
});
