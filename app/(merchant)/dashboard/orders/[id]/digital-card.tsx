/**
 * "Produto digital" on the merchant's order page: each digital line's access (uses of 5, until
 * when, revoked), the merchant's own download of a file, "Reenviar acesso" (a new link, the
 * e-mail again) and "Revogar acesso". The demonstration account sees them disabled: a buyer's
 * purchase is not a public demo's to take (`digital:files`).
 */
import { formatDateTimeBR } from '@balcao/br/dates';
import { can, refusalMessage, type Role } from '@/lib/auth/permissions';
import { digitalLinesOf, ACCESS_MAX_USES, DIGITAL_KIND_LABELS } from '@/lib/digital';
import { ActionForm } from '../../_components/action-form';
import { renewDigitalAccessAction, revokeDigitalAccessAction } from '../../digital-actions';

export async function DigitalCard({ order, role }: { order: { id: string; status: string; deliveredAt: string | null; shippingMethod: string | null }; role: Role | null }) {
  const lines = await digitalLinesOf(order.id);
  if (lines.length === 0) return null;
  const allowed = can(role, 'digital:files');
  const denied = allowed ? undefined : refusalMessage(role, 'digital:files');
  const paid = order.status === 'paid';
  return (
    <section className="card stack" aria-labelledby="digital-title" data-testid="digital-card">
      <h2 id="digital-title">Produto digital</h2>
      <ul className="stack small" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {lines.map((l) => (
          <li key={l.itemId}>
            <strong>{l.name}</strong> ({DIGITAL_KIND_LABELS[l.kind]}
            {l.fileLabel ? `, ${l.fileLabel}` : ''})
            <br />
            {!paid
              ? order.status === 'refunded'
                ? 'Acesso encerrado pelo reembolso.'
                : 'Liberado quando o pagamento for confirmado.'
              : l.access.revokedAt
                ? `Acesso revogado em ${formatDateTimeBR(l.access.revokedAt)}.`
                : `Usado ${l.access.uses} de ${ACCESS_MAX_USES} vezes · link válido até ${formatDateTimeBR(l.access.expiresAt)}.`}
          </li>
        ))}
      </ul>
      {order.shippingMethod === null && paid ? (
        <p className="small">{order.deliveredAt ? `Entregue: acessado pela primeira vez em ${formatDateTimeBR(order.deliveredAt)}.` : 'Ainda não baixado nem acessado pelo comprador.'}</p>
      ) : null}
      {paid ? (
        <>
          <ActionForm
            action={renewDigitalAccessAction}
            fields={{ orderId: order.id }}
            label="Reenviar acesso"
            pendingLabel="Reenviando…"
            denied={denied}
            hint="Gera um link novo (7 dias, 5 acessos) e envia de novo o e-mail de pagamento confirmado. Os links anteriores deixam de funcionar."
          />
          {lines.some((l) => !l.access.revokedAt) ? (
            <ActionForm
              action={revokeDigitalAccessAction}
              fields={{ orderId: order.id }}
              label="Revogar acesso"
              pendingLabel="Revogando…"
              className="btn btn-danger"
              denied={denied}
              confirm={{ title: 'Revogar o acesso?', body: 'Os links do comprador deixam de funcionar na hora. "Reenviar acesso" devolve o acesso.', confirmLabel: 'Revogar acesso', confirmClassName: 'btn btn-danger' }}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
