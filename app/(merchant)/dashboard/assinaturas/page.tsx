import type { Metadata } from 'next';
import Link from 'next/link';
import { requireMerchant } from '@/lib/auth';
import { can } from '@/lib/auth/permissions';
import { formatBRL } from '@balcao/br/money';
import { formatDateBR } from '@balcao/br/dates';
import type { SubscriptionStatus } from '@/db/schema';
import { merchantList, recurringRevenue, STATUS_LABELS } from '@/lib/subscriptions';

export const metadata: Metadata = { title: 'Assinaturas' };
export const dynamic = 'force-dynamic';

const FILTERS: (SubscriptionStatus | 'all')[] = ['all', 'active', 'paused', 'suspended', 'canceled'];
type Props = { searchParams: Promise<{ status?: string }> };

/** "Assinaturas": each subscription's status, "Próxima cobrança", subscriber (masked for a role without buyers' data) and value. */
export default async function SubscriptionsPage({ searchParams }: Props) {
  const merchant = await requireMerchant('/dashboard/assinaturas');
  const requested = (await searchParams).status;
  const status = FILTERS.find((f) => f === requested && f !== 'all') as SubscriptionStatus | undefined;
  const [rows, mrr] = await Promise.all([merchantList({ status, masked: !can(merchant.role, 'buyers:read') }), recurringRevenue('0000', '9999')]);
  return (
    <div className="stack">
      <div className="row">
        <h1>Assinaturas</h1>
        <a className="btn btn-secondary" href="/dashboard/assinaturas/export" download>
          Exportar CSV
        </a>
      </div>
      <p>
        Receita recorrente mensal: <strong data-testid="mrr">{formatBRL(mrr.mrrCents)}</strong> · {mrr.active} {mrr.active === 1 ? 'ativa' : 'ativas'}
      </p>
      <nav aria-label="Filtrar por situação" className="row small">
        {FILTERS.map((f) => (
          <Link key={f} href={f === 'all' ? '/dashboard/assinaturas' : `/dashboard/assinaturas?status=${f}`} aria-current={(f === 'all' ? !status : f === status) ? 'page' : undefined}>
            {f === 'all' ? 'Todas' : STATUS_LABELS[f]}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <div className="card">
          <p>
            <strong>Nenhuma assinatura {status ? 'nesta situação' : 'ainda'}.</strong>
          </p>
          <p className="muted">Marque “Vender como assinatura” em um produto para vender entregas recorrentes pagas com Pix ou boleto.</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Assinaturas, mais recentes primeiro</caption>
            <thead>
              <tr>
                <th scope="col">Assinante</th>
                <th scope="col">Produto</th>
                <th scope="col">Situação</th>
                <th scope="col">Próxima cobrança</th>
                <th scope="col">Valor</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link href={`/dashboard/assinaturas/${r.id}`}>{r.subscriber}</Link>
                  </td>
                  <td>{r.productName}</td>
                  <td>{r.statusLabel}</td>
                  <td>{r.nextChargeDate ? formatDateBR(r.nextChargeDate) : '—'}</td>
                  <td>
                    {formatBRL(r.amountCents)} · {r.interval}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
