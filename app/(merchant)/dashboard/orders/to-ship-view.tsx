import { plural } from '@balcao/br/plural';
import { can } from '@/lib/auth/permissions';
import { requireMerchant } from '@/lib/auth';
import { maskOrderBuyer } from '@balcao/br/personal-data';
import { listToShip, itemsSummaryOf } from '@/lib/orders';
import { linkTitlesOf } from '@/lib/links/links';
import { OrdersList, OrdersPagination } from './orders-list';
import { ShipBatchForm } from './ship-batch-form';
import { BulkBar, BULK_FORM_ID } from './bulk-bar';
import { OrdersViews } from './orders-views';
import styles from './orders.module.css';

/** "A enviar": the work list of paid orders to send, oldest first (its own query, no filters). */
export async function ToShipView({ page: requestedPage, selectPage }: { page: number; selectPage: boolean }) {
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
