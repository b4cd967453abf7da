import type { Metadata } from 'next';
import Link from 'next/link';
import { requireMerchant } from '@/lib/auth';
import { can } from '@/lib/auth/permissions';
import { shopNow } from '@/lib/embedded-provider/clock';
import { getShopIdentity } from '@/lib/shop';
import { abandonedCheckouts } from '@/lib/checkout';
import { AbandonedList } from './abandoned-list';

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
        Compras que começaram e não terminaram, no carrinho, num link de pagamento ou no checkout da API: cada uma foi salva quando a pessoa digitou o e-mail ou o celular. Os lembretes saem conforme
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
        <AbandonedList rows={rows} />
      )}
      {nextCursor ? (
        <p>
          <Link href={`/dashboard/carrinhos-abandonados?cursor=${encodeURIComponent(nextCursor)}`}>Mais antigos</Link>
        </p>
      ) : null}
    </div>
  );
}
