import { plural } from '@balcao/br/plural';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ActionForm } from '@/app/(merchant)/dashboard/_components/action-form';
import { PermissionNote } from '@/app/(merchant)/dashboard/_components/permission-note';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { requireMerchant } from '@/lib/auth';
import { countSearch, SEARCH_RATE_LIMITED_MESSAGE } from '@/lib/orders';
import { buyerSummary, isAnonymised } from '@/lib/buyers/buyer-data';
import { buyerQueryText, parseBuyerQuery } from '@/lib/buyers/query';
import { formatDateBR } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import { orderLabel, statusLabel } from '@/lib/orders/words';
import { SettingsTabs } from '../settings-tabs';
import { anonymiseBuyerAction } from './actions';
import styles from '../settings.module.css';

export const metadata: Metadata = { title: 'Dados do comprador · Configurações' };
export const dynamic = 'force-dynamic';

/**
 * Buyers' data rights (LGPD art. 18): find a buyer by CPF/CNPJ or e-mail, export everything
 * stored about them, or anonymise them. Reading needs `buyers:read` (the demonstration account
 * would only see masks), anonymising `buyers:erase`.
 */
export default async function BuyerDataPage({ searchParams }: { searchParams: Promise<{ q?: string | string[]; anonimizado?: string | string[] }> }) {
  const { role, id } = await requireMerchant('/dashboard/settings/comprador');
  const params = await searchParams;
  const raw = params.q;
  const anonymised = typeof params.anonimizado === 'string' && /^\d{1,6}$/.test(params.anonimizado) ? Number(params.anonimizado) : null;
  const typed = typeof raw === 'string' ? raw : '';
  const parsed = typed ? parseBuyerQuery(typed) : null;
  // Each search counts toward the person's limit (lib/orders/search-scope.ts).
  const limited = parsed?.ok && can(role, 'buyers:read') ? !(await countSearch(id)).ok : false;
  const summary = parsed?.ok && can(role, 'buyers:read') && !limited ? await buyerSummary(parsed.query) : null;
  const q = parsed?.ok ? buyerQueryText(parsed.query) : '';
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="buyers" />
      <h2>Dados do comprador</h2>
      <p className="muted">
        Pela LGPD, o comprador pode pedir uma cópia dos seus dados ou que eles sejam apagados. Busque pelo CPF, CNPJ ou e-mail usado nos pedidos.
      </p>
      {anonymised ? (
        <p className="alert alert-success" role="status">
          Comprador anonimizado em {plural(anonymised, 'pedido', 'pedidos')}.
        </p>
      ) : null}
      <PermissionNote role={role} permission="buyers:read" />
      {limited ? (
        <p className="alert alert-warning" role="status">
          {SEARCH_RATE_LIMITED_MESSAGE}
        </p>
      ) : null}
      {can(role, 'buyers:read') ? (
        <form method="get" className={`card stack ${styles.group}`} role="search" aria-label="Buscar comprador">
          <div className="field">
            <label htmlFor="buyer-q">CPF, CNPJ ou e-mail</label>
            <input
              id="buyer-q"
              name="q"
              defaultValue={typed}
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={parsed && !parsed.ok ? true : undefined}
              aria-describedby={parsed && !parsed.ok ? 'buyer-q-error' : undefined}
            />
            {parsed && !parsed.ok ? (
              <p id="buyer-q-error" className="field-error">
                {parsed.error}
              </p>
            ) : null}
          </div>
          <div>
            <button type="submit" className="btn">
              Buscar
            </button>
          </div>
        </form>
      ) : null}
      {summary ? (
        <section aria-labelledby="buyer-result" className={`card stack ${styles.result}`}>
          <h3 id="buyer-result">{summary.orders.length === 0 ? 'Nenhum pedido encontrado' : plural(summary.orders.length, 'pedido', 'pedidos')}</h3>
          {summary.orders.length === 0 ? (
            <p className="muted">Nenhum pedido tem este CPF, CNPJ ou e-mail. Se o comprador já foi anonimizado, os pedidos não aparecem mais na busca.</p>
          ) : (
            <>
              <ul className="stack" data-testid="buyer-orders">
                {summary.orders.map((o) => (
                  <li key={o.id}>
                    <Link href={`/dashboard/orders/${o.id}`}>Pedido {orderLabel(o)}</Link> · {formatDateBR(o.createdAt)} · {statusLabel(o.status, o.refundedCents, o.totalCents, o.manualRefundCents)} ·{' '}
                    {formatBRL(o.totalCents)}
                    {isAnonymised(o) ? ' · anonimizado' : ''}
                  </li>
                ))}
              </ul>
              <div className="row">
                <a className="btn btn-secondary" href={`/dashboard/settings/comprador/export?${new URLSearchParams({ q, format: 'json' })}`} download>
                  Exportar dados (JSON)
                </a>
                <a className="btn btn-secondary" href={`/dashboard/settings/comprador/export?${new URLSearchParams({ q, format: 'csv' })}`} download>
                  Exportar dados (CSV)
                </a>
              </div>
              <ActionForm
                action={anonymiseBuyerAction}
                fields={{ q }}
                label="Anonimizar"
                pendingLabel="Anonimizando…"
                className="btn btn-danger"
                denied={can(role, 'buyers:erase') ? undefined : refusalMessage(role, 'buyers:erase')}
                available={!summary.hasPending}
                hint="Troca nome, CPF/CNPJ, e-mail, telefone e endereços por dados anônimos. Valores, itens, datas e a cobrança no provedor continuam, para os relatórios e a reconciliação."
                confirm={{
                  title: 'Anonimizar este comprador?',
                  body: <p>Os dados pessoais de {summary.orders.length === 1 ? 'um pedido' : `${summary.orders.length} pedidos`} serão apagados de forma definitiva. Exporte antes se precisar de uma cópia.</p>,
                  confirmLabel: 'Anonimizar',
                  confirmClassName: 'btn btn-danger',
                }}
              />
              {summary.hasPending ? (
                <p className="card small" role="note">
                  Um pedido deste comprador ainda aguarda pagamento: cancele a cobrança ou aguarde o vencimento para anonimizar.
                </p>
              ) : null}
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
