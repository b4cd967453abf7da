import Link from 'next/link';
import type { OrderStatus } from '@/db/schema';
import { can, refusalMessage, type Role } from '@/lib/auth/permissions';
import { merchantInvoiceView } from '@/lib/nfe';
import { ActionForm } from '@/app/(merchant)/dashboard/_components/action-form';
import { cancelInvoiceAction, emitInvoiceAction } from './invoice-actions';
import { InvoiceRefresh } from './invoice-refresh';

/**
 * "Nota fiscal" on the order page: "Emitir NF-e" for a paid order, its state in words, the
 * access key in blocks of 4 with "Baixar DANFE" and "Baixar XML", SEFAZ's reason and what to
 * fix, "Cancelar NF-e" within 24 h of a refund or cancellation, else the return note in Bling.
 */
export async function InvoiceCard({ orderId, orderStatus, role }: { orderId: string; orderStatus: OrderStatus; role: Role | null }) {
  const v = await merchantInvoiceView(orderId, orderStatus);
  if (!v.connected && !v.status) return null;
  const base = `/dashboard/orders/${orderId}/nfe`;
  const files = v.accessKey && (v.status === 'authorized' || v.status === 'canceled');
  return (
    <section className="card stack" aria-labelledby="nfe-title" data-testid="invoice-card">
      <h2 id="nfe-title">Nota fiscal</h2>
      {v.label ? (
        <p>
          <strong>{v.label}</strong>
          {v.number ? ` · nº ${v.number}, série ${v.series ?? 1}` : ''}
        </p>
      ) : (
        <p className="muted small">Este pedido ainda não tem NF-e.</p>
      )}
      {v.status === 'processing' ? <InvoiceRefresh /> : null}
      {v.accessKey ? (
        <div>
          <p className="small muted">Chave de acesso</p>
          <p className="mono" data-testid="access-key">
            {v.accessKeyGrouped}
          </p>
        </div>
      ) : null}
      {files ? (
        <p className="row">
          {can(role, 'buyers:read') ? (
            <Link className="btn btn-secondary" href={`${base}/danfe`} prefetch={false}>
              Baixar DANFE
            </Link>
          ) : null}
          {can(role, 'invoices:manage') ? (
            <Link className="btn btn-secondary" href={`${base}/xml`} prefetch={false}>
              Baixar XML
            </Link>
          ) : null}
        </p>
      ) : null}
      {(v.status === 'rejected' || v.status === 'denied' || v.status === 'failed') && v.reason ? (
        <p className="alert alert-error" data-testid="invoice-reason">
          {v.reason}
        </p>
      ) : null}
      {v.canEmit ? <ActionForm action={emitInvoiceAction} fields={{ orderId }} label="Emitir NF-e" pendingLabel="Emitindo…" className="btn btn-primary" denied={can(role, 'orders:act') ? undefined : refusalMessage(role, 'orders:act')} /> : null}
      {v.canCancel ? (
        <ActionForm
          action={cancelInvoiceAction}
          fields={{ orderId }}
          label="Cancelar NF-e"
          pendingLabel="Cancelando…"
          denied={can(role, 'invoices:manage') ? undefined : refusalMessage(role, 'invoices:manage')}
          confirm={{ title: 'Cancelar a NF-e?', body: 'A SEFAZ registra o cancelamento e a nota deixa de valer. Não é possível desfazer.', confirmLabel: 'Cancelar NF-e' }}
        />
      ) : null}
      {v.returnNoteNeeded ? <p className="small">O prazo de 24 horas para cancelar a NF-e passou. Emita a nota fiscal de devolução no Bling.</p> : null}
    </section>
  );
}
