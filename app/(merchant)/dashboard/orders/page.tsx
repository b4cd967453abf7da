import { plural } from '@balcao/br/plural';
import type { Metadata } from 'next';
import Link from 'next/link';
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_METHODS } from '@/db/schema';
import { can } from '@/lib/auth/permissions';
import { FULFILMENT_LABELS } from '@/lib/fulfilment/moves';
import { requireMerchant } from '@/lib/auth/session';
import { maskOrderBuyer } from '@balcao/br/personal-data';
import { hasAnyFilter, orderQueryString, parseOrderQuery, type OrderFilters } from '@/lib/orders/order-filters';
import { countSearch, scopeSearch, SEARCH_RATE_LIMITED_MESSAGE } from '@/lib/orders/search-scope';
import type { Merchant } from '@/lib/auth/session';
import { countToShip, listOrders, listToShip } from '@/lib/orders/orders-query';
import { itemsSummaryOf } from '@/lib/orders/items-summary';
import { currentChip, ORDER_CHIPS, type OrderChipKey } from '@/lib/orders/order-chips';
import { linkChoices, linkTitlesOf } from '@/lib/links/links';
import { METHOD_LABELS, statusLabel } from '@/lib/orders/status-labels';
import { OrdersList, OrdersPagination } from './orders-list';
import { ShipBatchForm } from './ship-batch-form';
import { BulkBar, BULK_FORM_ID } from './bulk-bar';
import { FiltersFold } from './filters-fold';
import { originChoices } from '@/lib/orders/origin-sales';
import styles from './orders.module.css';

export const metadata: Metadata = { title: 'Pedidos' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The filters this person may search with (lib/orders/search-scope.ts): a masked role's search
 * only by order number, and every search counted per person; what was dropped is said in `errors`.
 */
async function searchableFilters(merchant: Merchant, asked: OrderFilters, errors: string[]): Promise<OrderFilters> {
  const { filters, refused } = scopeSearch(merchant.role, asked);
  if (refused) errors.push(refused);
  if (!filters.q) return filters;
  if ((await countSearch(merchant.id)).ok) return filters;
  errors.push(SEARCH_RATE_LIMITED_MESSAGE);
  const rest = { ...filters };
  delete rest.q;
  return rest;
}

export default async function OrdersPage({ searchParams }: Props) {
  const params = await searchParams;
  // "A enviar": the work list of paid orders to send, oldest first (its own query, no filters).
  if (params.view === 'a-enviar') return <ToShipView page={Number(params.page) || 1} selectPage={params.selecionar === 'pagina'} />;
  const parsed = parseOrderQuery(params);
  const { page: requestedPage, errors } = parsed;
  const asked = orderQueryString(parsed.filters, requestedPage);
  const merchant = await requireMerchant(`/dashboard/orders${asked ? `?${asked}` : ''}`);
  const filters = await searchableFilters(merchant, parsed.filters, errors);
  const [{ rows, total, totalIsLowerBound, page, pageCount, hasNext }, links, toShip, origins] = await Promise.all([
    listOrders(filters, requestedPage),
    linkChoices(filters.link),
    countToShip(),
    originChoices(),
  ]);
  const [linkTitles, items] = await Promise.all([linkTitlesOf(rows.map((r) => r.paymentLinkId)), itemsSummaryOf(rows.map((r) => r.id))]);
  const filtered = hasAnyFilter(filters);
  const exportQs = orderQueryString(filters);
  const pageHref = (p: number) => {
    const s = orderQueryString(filters, p);
    return `/dashboard/orders${s ? `?${s}` : ''}`;
  };

  return (
    <div className="stack">
      <div className={styles.header}>
        <h1>Pedidos</h1>
        <a className="btn btn-secondary" href={`/dashboard/orders/export${exportQs ? `?${exportQs}` : ''}`}>
          Exportar CSV
        </a>
      </div>
      <OrdersViews current={currentChip(filters)} toShip={toShip} />

      <FiltersFold open={filtered || errors.length > 0}>
        <form method="get" action="/dashboard/orders" className={`card ${styles.filters}`} role="search" aria-label="Filtrar pedidos">
          <div className={`field ${styles.search}`}>
            <label htmlFor="q">Buscar</label>
            <input id="q" name="q" type="search" defaultValue={filters.q ?? ''} maxLength={100} aria-describedby="q-hint" />
            <p id="q-hint" className="field-hint">
              {can(merchant.role, 'buyers:read') ? 'Nome do comprador, CPF/CNPJ, número do pedido (#…) ou link do pedido.' : 'Número do pedido (#…).'}
            </p>
          </div>
          <div className="field">
            <label htmlFor="status">Status</label>
            <select id="status" name="status" defaultValue={filters.status ?? ''}>
              <option value="">Todos</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="method">Forma de pagamento</label>
            <select id="method" name="method" defaultValue={filters.method ?? ''}>
              <option value="">Todas</option>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {METHOD_LABELS[m]}
                </option>
              ))}
            </select>
          </div>
          {links.length > 0 ? (
            <div className="field">
              <label htmlFor="link">Link de pagamento</label>
              <select id="link" name="link" defaultValue={filters.link ?? ''}>
                <option value="">Todos os pedidos</option>
                {links.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.title}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="field">
            <label htmlFor="fulfillment">Entrega</label>
            <select id="fulfillment" name="fulfillment" defaultValue={filters.fulfillment ?? ''}>
              <option value="">Todas</option>
              {FULFILLMENT_STATUSES.map((f) => (
                <option key={f} value={f}>
                  {FULFILMENT_LABELS[f]}
                </option>
              ))}
            </select>
          </div>
          {origins.length > 1 || filters.origin ? (
            <div className="field">
              <label htmlFor="origin">Origem</label>
              <select id="origin" name="origin" defaultValue={filters.origin ?? ''}>
                <option value="">Todas</option>
                {[...new Set([...origins, ...(filters.origin ? [filters.origin] : [])])].map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="field">
            <label htmlFor="from">Criado de</label>
            <input id="from" name="from" type="date" defaultValue={filters.from ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="to">Criado até</label>
            <input id="to" name="to" type="date" defaultValue={filters.to ?? ''} />
          </div>
          <div className={styles.filterActions}>
            <button type="submit" className="btn">
              Filtrar
            </button>
            {filtered ? (
              <Link href="/dashboard/orders" className="btn btn-ghost">
                Limpar filtros
              </Link>
            ) : null}
          </div>
        </form>
      </FiltersFold>

      {errors.length > 0 ? (
        <div className="alert alert-warning" role="status">
          {errors.map((e) => (
            <p key={e} className={styles.noMargin}>
              {e}
            </p>
          ))}
        </div>
      ) : null}

      <p className="muted small" aria-live="polite">
        {total === 0
          ? filtered
            ? 'Nenhum pedido com esses filtros.'
            : 'Ainda não há pedidos.'
          : totalIsLowerBound
            ? `Mais de ${total.toLocaleString('pt-BR')} pedidos com esses filtros · página ${page}`
            : `${plural(total, 'pedido', 'pedidos')}${filtered ? ' com esses filtros' : ''} · página ${page} de ${pageCount}`}
      </p>

      <BulkBar
        role={merchant.role}
        query={new URLSearchParams(exportQs)}
        total={total}
        shown={rows.length}
        selectPageHref={`${pageHref(page)}${pageHref(page).includes('?') ? '&' : '?'}selecionar=pagina`}
        clearHref={pageHref(page)}
        pageSelected={params.selecionar === 'pagina'}
        scope="filtro"
      >
        <OrdersList
          rows={can(merchant.role, 'buyers:read') ? rows : rows.map(maskOrderBuyer)}
          linkTitles={linkTitles}
          items={items}
          select={{ form: BULK_FORM_ID, checked: params.selecionar === 'pagina' }}
        />
      </BulkBar>
      <OrdersPagination page={page} pageCount={pageCount} hasNext={hasNext} totalIsLowerBound={totalIsLowerBound} href={pageHref} />
    </div>
  );
}

/** The chips of Pedidos: "Todos", "Aguardando pagamento", "A enviar" (its own work list), "Enviados", "Cancelados". */
function OrdersViews({ current, toShip }: { current: OrderChipKey | null; toShip: number }) {
  return (
    <nav aria-label="Visões de pedidos" className={styles.views}>
      {ORDER_CHIPS.map((c) => (
        <Link key={c.key} href={c.href} aria-current={current === c.key ? 'page' : undefined}>
          {c.label}
          {c.key === 'to-ship' ? <span className={styles.viewCount}> {toShip.toLocaleString('pt-BR')}</span> : null}
        </Link>
      ))}
    </nav>
  );
}

async function ToShipView({ page: requestedPage, selectPage }: { page: number; selectPage: boolean }) {
  const merchant = await requireMerchant('/dashboard/orders?view=a-enviar');
  const { rows, total, page, pageCount, hasNext } = await listToShip(requestedPage);
  const pageHref = (p: number) => `/dashboard/orders?view=a-enviar${p > 1 ? `&page=${p}` : ''}`;
  const [linkTitles, items] = await Promise.all([linkTitlesOf(rows.map((r) => r.paymentLinkId)), itemsSummaryOf(rows.map((r) => r.id))]);
  return (
    <div className="stack">
      <div className={styles.header}>
        <h1>Pedidos</h1>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a file download from a route handler, not a page */}
        <a className="btn btn-secondary" href="/dashboard/orders/export?fulfillment=unfulfilled">
          Exportar CSV
        </a>
      </div>
      <OrdersViews current="to-ship" toShip={total} />
      <p className="muted small" aria-live="polite">
        {total === 0
          ? 'Nenhum pedido pago esperando envio.'
          : `${plural(total, 'pedido pago', 'pedidos pagos')} a enviar, o mais antigo primeiro · página ${page} de ${pageCount}`}
      </p>
      <BulkBar
        role={merchant.role}
        query={new URLSearchParams({ view: 'a-enviar' })}
        total={total}
        shown={rows.length}
        selectPageHref={`${pageHref(page)}&selecionar=pagina`}
        clearHref={pageHref(page)}
        pageSelected={selectPage}
        scope="lista"
      >
        <OrdersList
          rows={can(merchant.role, 'buyers:read') ? rows : rows.map(maskOrderBuyer)}
          linkTitles={linkTitles}
          items={items}
          caption="Pedidos a enviar, mais antigos primeiro"
          select={{ form: BULK_FORM_ID, checked: selectPage }}
        />
      </BulkBar>
      <OrdersPagination page={page} pageCount={pageCount} hasNext={hasNext} totalIsLowerBound={false} href={pageHref} />
      {can(merchant.role, 'fulfilment:act') ? <ShipBatchForm /> : null}
    </div>
  );
}
