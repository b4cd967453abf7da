import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { requireMerchant } from '@/lib/auth';
import { maskOrderBuyer } from '@balcao/br/personal-data';
import { formatDateTimeBR } from '@balcao/br/dates';
import { env } from '@/lib/config/env';
import { listOrders } from '@/lib/orders';
import { linkWithStats } from '@/lib/links/links';
import { whatsAppUrl } from '@balcao/br/phone';
import { amountText, linkUrl, whatsappMessage, LINK_STATE_BADGES, LINK_STATE_LABELS } from '@/lib/links/words';
import { formatBRL } from '@balcao/br/money';
import { getSettings } from '@/lib/payment-settings/settings';
import { OrdersList, OrdersPagination } from '../../orders/orders-list';
import styles from '../links.module.css';
import { SharePanel } from './share-panel';
import { LinkSummary, METHODS_LABEL } from './link-summary';
import { withUtmSource } from '@/lib/attribution/attribution';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const found = await linkWithStats(id.toLowerCase());
  return { title: found ? `Link “${found.link.title}”` : 'Link' };
}

export default async function LinkPage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const requested = Number(Array.isArray(query.page) ? query.page[0] : query.page) || 1;
  const merchant = await requireMerchant(`/dashboard/links/${encodeURIComponent(id)}`);
  const found = await linkWithStats(id.toLowerCase());
  if (!found) notFound();
  const { link, stats, state } = found;
  const url = linkUrl(env().appUrl, link.code);
  const [orders, settings] = await Promise.all([listOrders({ link: link.id }, requested), getSettings()]);
  const justCreated = query.novo === '1';

  return (
    <div className="stack">
      <p className="small">
        <Link href="/dashboard/links">← Links de pagamento</Link>
      </p>
      <div className={styles.header}>
        <div>
          <h1>{link.title}</h1>
          <p className="muted small">
            {amountText(link)} · {METHODS_LABEL[link.methods]} · criado em {formatDateTimeBR(link.createdAt)}
          </p>
        </div>
        <span className={`${LINK_STATE_BADGES[state]} ${styles.bigBadge}`} data-testid="link-state">
          {LINK_STATE_LABELS[state]}
        </span>
      </div>

      {justCreated ? (
        <p className="alert alert-success" role="status">
          Link criado. Copie ou envie pelo WhatsApp: quem abrir paga {link.amountCents !== null ? formatBRL(link.amountCents) : 'o valor que informar'} por{' '}
          {link.methods === 'both' ? 'Pix ou boleto' : link.methods === 'pix' ? 'Pix' : 'boleto'}.
        </p>
      ) : null}

      <div className={styles.layout}>
        <SharePanel
          url={url}
          whatsappHref={whatsAppUrl(null, whatsappMessage(link, withUtmSource(url, 'whatsapp')))}
          instagramUrl={withUtmSource(url, 'instagram')}
          qrSrc={`/dashboard/links/${link.id}/qr`}
          code={link.code}
          open={state === 'active'}
        />
        <LinkSummary
          link={link}
          stats={stats}
          pixDiscountBps={settings.pixDiscountBps}
          denied={can(merchant.role, 'links:edit') ? undefined : refusalMessage(merchant.role, 'links:edit')}
        />
      </div>

      <section className="stack" aria-labelledby="pedidos-do-link">
        <div className={styles.ordersHeader}>
          <h2 id="pedidos-do-link">Pedidos deste link</h2>
          {orders.total > 0 ? (
            <span className="small">
              <Link href={`/dashboard/orders?link=${link.id}`}>Ver na lista de pedidos</Link> ·{' '}
              <a href={`/dashboard/orders/export?link=${link.id}`}>Exportar CSV</a>
            </span>
          ) : null}
        </div>
        {orders.total === 0 ? <p className="muted">Nenhum pedido ainda. Assim que alguém pagar (ou gerar um Pix ou boleto), ele aparece aqui.</p> : null}
        <OrdersList rows={can(merchant.role, 'buyers:read') ? orders.rows : orders.rows.map(maskOrderBuyer)} caption="Pedidos deste link, mais recentes primeiro" />
        <OrdersPagination
          page={orders.page}
          pageCount={orders.pageCount}
          hasNext={orders.hasNext}
          href={(p) => `/dashboard/links/${link.id}${p > 1 ? `?page=${p}` : ''}`}
        />
      </section>
    </div>
  );
}
