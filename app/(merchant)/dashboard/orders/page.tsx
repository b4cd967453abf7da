import { plural } from '@balcao/br/plural';
import type { Metadata } from 'next';
import { can } from '@/lib/auth/permissions';
import { requireMerchant } from '@/lib/auth';
import { maskOrderBuyer } from '@balcao/br/personal-data';
import { hasAnyFilter, orderQueryString, parseOrderQuery, searchableFilters, countToShip, listOrders, itemsSummaryOf, currentChip, originChoices } from '@/lib/orders';
import { linkChoices, linkTitlesOf } from '@/lib/links/links';
import { OrdersList, OrdersPagination } from './orders-list';
import { BulkBar, BULK_FORM_ID } from './bulk-bar';
import { FiltersFold } from './filters-fold';
import { OrdersFiltersForm } from './orders-filters-form';
import { OrdersViews } from './orders-views';
import { ToShipView } from './to-ship-view';
import styles from './orders.module.css';

export const metadata: Metadata = { title: 'Pedidos' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

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
        <OrdersFiltersForm filters={filters} filtered={filtered} links={links} origins={origins} mayReadBuyers={can(merchant.role, 'buyers:read')} />
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
