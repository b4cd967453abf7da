import type { Metadata } from 'next';
import Link from 'next/link';
import { requireMerchant } from '@/lib/auth/session';
import { can } from '@/lib/auth/permissions';
import { formatBRL } from '@balcao/br/money';
import { formatDateTimeBR } from '@balcao/br/dates';
import { shopNow } from '@/lib/embedded-provider/clock';
import { getShopIdentity } from '@/lib/shop/identity';
import { ABANDONED_STATUS_LABELS, abandonedCheckouts } from '@/lib/checkout/drafts/abandoned';

export const metadata: Metadata = { title: 'Carrinhos abandonados' };
export const dynamic = 'force-dynamic';

export default async function AbandonedCheckoutsPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const merchant = await requireMerchant('/dashboard/carrinhos-abandonados');
  const { cursor } = await searchParams;
  const shopName = (await getShopIdentity()).name;
  const { rows, nextCursor } = await abandonedCheckouts({ cursor: cursor ?? null, reveal: can(merchant.role, 'buyers:read'), now: shopNow(), shopName });
  return (
    <div className="stack">
      <h1>Carrinhos abandonados</h1>
      <p className="muted">
        Compras que começaram e não terminaram: o carrinho foi salvo quando a pessoa digitou o e-mail ou o celular. Os lembretes saem conforme
        Configurações → <Link href="/dashboard/settings/carrinhos-abandonados">Carrinhos abandonados</Link>.
      </p>
      <p>
        <a href="/dashboard/carrinhos-abandonados/export" className="btn btn-secondary" download>
          Exportar CSV
        </a>
      </p>
      {rows.length === 0 ? (
        <p className="muted">Nenhum carrinho abandonado ainda.</p>
      ) : (
        <div className="table-wrap card">
          <table className="table">
            <caption className="visually-hidden">Carrinhos abandonados, mais recentes primeiro</caption>
            <thead>
              <tr>
                <th scope="col">Atualizado em</th>
                <th scope="col">Contato</th>
                <th scope="col" className="num">
                  Valor
                </th>
                <th scope="col">Etapa</th>
                <th scope="col" className="num">
                  Lembretes
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid="abandoned-row">
                  <td>{formatDateTimeBR(r.updatedAt)}</td>
                  <td>
                    {r.email ? <div>{r.email}</div> : null}
                    {r.phone ? <div className="small muted">{r.phone}</div> : null}
                  </td>
                  <td className="num">{formatBRL(r.totalCents)}</td>
                  <td>{r.step}</td>
                  <td className="num">{r.remindersSent}</td>
                  <td>
                    {r.status === 'recovered' && r.orderId ? <Link href={`/dashboard/orders/${r.orderId}`}>{ABANDONED_STATUS_LABELS[r.status]}</Link> : ABANDONED_STATUS_LABELS[r.status]}
                  </td>
                  <td>
                    {r.whatsApp ? (
                      <a href={r.whatsApp} target="_blank" rel="noopener noreferrer">
                        WhatsApp<span className="visually-hidden"> (abre em nova aba)</span>
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextCursor ? (
        <p>
          <Link href={`/dashboard/carrinhos-abandonados?cursor=${encodeURIComponent(nextCursor)}`}>Mais antigos</Link>
        </p>
      ) : null}
    </div>
  );
}
