import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { requireMerchant } from '@/lib/auth/session';
import { maskOrderBuyer } from '@balcao/br/personal-data';
import { formatDateBR, formatDateTimeBR } from '@balcao/br/dates';
import { env } from '@/lib/config/env';
import { listOrders } from '@/lib/orders/orders-query';
import { linkWithStats } from '@/lib/links/links';
import { whatsAppUrl } from '@balcao/br/phone';
import { amountText, linkUrl, whatsappMessage } from '@/lib/links/share';
import { LINK_STATE_BADGES, LINK_STATE_LABELS } from '@/lib/links/status';
import { formatBRL } from '@balcao/br/money';
import { bpsToPercentText } from '@/lib/settings/pix-discount';
import { getSettings } from '@/lib/settings/settings';
import { ActionForm } from '../../_components/action-form';
import { OrdersList, OrdersPagination } from '../../orders/orders-list';
import { disableLinkAction } from '../actions';
import styles from '../links.module.css';
import { SharePanel } from './share-panel';
import { withUtmSource } from '@/lib/attribution/attribution';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const found = await linkWithStats(id.toLowerCase());
  return { title: found ? `Link “${found.link.title}”` : 'Link' };
}

const METHODS_LABEL = { both: 'Pix e boleto', pix: 'Só Pix', boleto: 'Só boleto' } as const;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
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
        <section className={`card ${styles.facts}`} aria-labelledby="resumo-link">
          <h2 id="resumo-link">Resumo</h2>
          <dl className={styles.stats}>
            <div>
              <dt>Pagamentos recebidos</dt>
              <dd data-testid="link-paid-count">{link.maxPayments === null ? stats.paidCount : `${stats.paidCount} de ${link.maxPayments}`}</dd>
            </div>
            <div>
              <dt>Total recebido</dt>
              <dd data-testid="link-paid-total">{formatBRL(stats.paidCents)}</dd>
            </div>
            <div>
              <dt>Aguardando</dt>
              <dd>{stats.pending}</dd>
            </div>
          </dl>
          <dl className={styles.dl}>
            <Row label="Valor">{amountText(link)}</Row>
            <Row label="Formas">{METHODS_LABEL[link.methods]}</Row>
            {link.methods !== 'boleto' && settings.pixDiscountBps > 0 ? (
              <Row label="Desconto no Pix">{link.pixDiscount ? `Sim (${bpsToPercentText(settings.pixDiscountBps)}%)` : 'Não'}</Row>
            ) : null}
            <Row label="Aceita cupom">{link.allowCoupons ? 'Sim' : 'Não'}</Row>
            <Row label="Validade">{link.expiresOn ? `Até ${formatDateBR(link.expiresOn)}` : 'Não expira'}</Row>
            <Row label="Limite">
              {link.maxPayments === null ? 'Sem limite' : link.maxPayments === 1 ? '1 pagamento (cobrança única)' : `${link.maxPayments} pagamentos`}
            </Row>
            {link.description ? <Row label="Descrição">{link.description}</Row> : null}
            {link.disabledAt ? <Row label="Desativado em">{formatDateTimeBR(link.disabledAt)}</Row> : null}
          </dl>
          {link.maxPayments !== null ? (
            <p className="small muted">
              Um pagamento em aberto reserva a sua vaga pelo tempo da reserva de estoque (Configurações), até ser pago ou expirar; cancelar a
              cobrança na página do pedido libera a vaga na hora. Se ele for pago depois da reserva e as vagas já tiverem sido usadas, o pedido
              aparece marcado como “acima do limite”.
            </p>
          ) : null}
          <ActionForm
            action={disableLinkAction}
            fields={{ linkId: link.id }}
            label="Desativar"
            pendingLabel="Desativando…"
            className="btn btn-ghost"
            available={!link.disabledAt}
            denied={can(merchant.role, 'links:edit') ? undefined : refusalMessage(merchant.role, 'links:edit')}
            confirm={{
              title: 'Desativar este link?',
              body: (
                <>
                  <p>Quem abrir o link verá que ele foi desativado, sem nada para pagar. Não dá para reativar: se precisar, crie outro link.</p>
                  {stats.pending > 0 ? (
                    <p>
                      {stats.pending === 1 ? '1 cobrança já gerada continua válida' : `${stats.pending} cobranças já geradas continuam válidas`}: cancele na
                      página do pedido, se quiser.
                    </p>
                  ) : null}
                </>
              ),
              confirmLabel: 'Desativar link',
              confirmClassName: 'btn btn-danger',
            }}
          />
        </section>
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
