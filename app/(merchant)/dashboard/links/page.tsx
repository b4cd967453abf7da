import type { Metadata } from 'next';
import Link from 'next/link';
import { requireMerchant } from '@/lib/auth';
import { formatDateBR } from '@balcao/br/dates';
import { listLinks, type LinkWithStats } from '@/lib/links/links';
import { amountText, LINK_STATE_BADGES, LINK_STATE_LABELS } from '@/lib/links/words';
import { formatBRL } from '@balcao/br/money';
import { OrdersPagination } from '../orders/orders-list';
import styles from './links.module.css';

export const metadata: Metadata = { title: 'Links de pagamento' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function paymentsText({ link, stats }: LinkWithStats): string {
  return link.maxPayments === null ? String(stats.paidCount) : `${stats.paidCount} de ${link.maxPayments}`;
}

export default async function LinksPage({ searchParams }: Props) {
  const params = await searchParams;
  const requested = Number(Array.isArray(params.page) ? params.page[0] : params.page) || 1;
  await requireMerchant(`/dashboard/links${requested > 1 ? `?page=${requested}` : ''}`);
  const { rows, total, page, pageCount } = await listLinks(requested);

  return (
    <div className="stack">
      <div className={styles.header}>
        <h1>Links de pagamento</h1>
        <Link href="/dashboard/links/novo" className="btn">
          Novo link
        </Link>
      </div>
      <p className={`muted ${styles.intro}`}>
        Venda pelo WhatsApp ou Instagram sem catálogo: crie um link com o valor combinado e envie ao comprador. Ele paga por Pix ou boleto, e o
        pedido aparece aqui e em Pedidos.
      </p>

      {total === 0 ? (
        <div className={`card ${styles.empty}`}>
          <p>
            <strong>Nenhum link ainda.</strong>
          </p>
          <p className="muted">Crie o primeiro: um título, o valor, e pronto para enviar.</p>
          <Link href="/dashboard/links/novo" className="btn">
            Criar meu primeiro link
          </Link>
        </div>
      ) : (
        <>
          <ul className={styles.cards} aria-label="Links, mais recentes primeiro">
            {rows.map((r) => (
              <li key={r.link.id} className={`card ${styles.cardItem}`}>
                <div className={styles.cardTop}>
                  <Link href={`/dashboard/links/${r.link.id}`} className={styles.titleLink}>
                    {r.link.title}
                  </Link>
                  <span className={LINK_STATE_BADGES[r.state]}>{LINK_STATE_LABELS[r.state]}</span>
                </div>
                <p className={`small ${styles.cardMeta}`}>
                  <span className={styles.num}>{amountText(r.link)}</span> · {paymentsText(r)} {r.stats.paidCount === 1 ? 'pagamento' : 'pagamentos'} ·{' '}
                  <span className={styles.num}>{formatBRL(r.stats.paidCents)}</span> recebidos
                </p>
                <p className={`small muted ${styles.cardMeta}`}>Criado em {formatDateBR(r.link.createdAt)}</p>
              </li>
            ))}
          </ul>
          <div className={`table-wrap card ${styles.tableCard} ${styles.onlyDesk}`}>
            <table className="table">
              <caption className="visually-hidden">Links, mais recentes primeiro</caption>
              <thead>
                <tr>
                  <th scope="col">Título</th>
                  <th scope="col" className="num">
                    Valor
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Pagamentos recebidos
                  </th>
                  <th scope="col" className="num">
                    Total recebido
                  </th>
                  <th scope="col">Criado em</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.link.id}>
                    <td>
                      <Link href={`/dashboard/links/${r.link.id}`} className={styles.titleLink}>
                        {r.link.title}
                      </Link>
                    </td>
                    <td className={`num ${styles.num}`}>{amountText(r.link)}</td>
                    <td>
                      <span className={LINK_STATE_BADGES[r.state]}>{LINK_STATE_LABELS[r.state]}</span>
                    </td>
                    <td className={`num ${styles.num}`}>{paymentsText(r)}</td>
                    <td className={`num ${styles.num}`}>{formatBRL(r.stats.paidCents)}</td>
                    <td className={styles.num}>{formatDateBR(r.link.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <OrdersPagination page={page} pageCount={pageCount} hasNext={page < pageCount} href={(p) => `/dashboard/links${p > 1 ? `?page=${p}` : ''}`} />
        </>
      )}
    </div>
  );
}
