import type { Metadata } from 'next';
import Link from 'next/link';
import { formatDateBR } from '@balcao/br/dates';
import { maskName } from '@balcao/br/personal-data';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { requireMerchant } from '@/lib/auth';
import { orderLabel } from '@/lib/orders/words';
import { moderationPage, REVIEW_STATUS_LABELS } from '@/lib/reviews';
import { ANONYMOUS_AUTHOR, starLabel } from '@/lib/reviews/words';
import { ActionForm } from '../_components/action-form';
import { Pages } from '@/app/(shop)/_components/product-grid';
import { hideReviewAction, publishReviewAction, replyReviewAction } from './actions';
import { ReplyForm } from './reply-form';
import styles from './reviews.module.css';

export const metadata: Metadata = { title: 'Avaliações' };
export const dynamic = 'force-dynamic';

const BADGE = { pending: 'badge badge-pending', published: 'badge badge-paid', hidden: 'badge badge-canceled' } as const;

/** Dashboard "Avaliações": every review, newest first, with "Publicar", "Ocultar" and "Responder". */
export default async function ReviewsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const merchant = await requireMerchant('/dashboard/avaliacoes');
  const query = await searchParams;
  const data = await moderationPage(Number(typeof query.pagina === 'string' ? query.pagina : 1));
  const denied = can(merchant.role, 'reviews:moderate') ? undefined : refusalMessage(merchant.role, 'reviews:moderate');
  const whole = can(merchant.role, 'buyers:read');
  return (
    <div className="stack">
      <h1>Avaliações</h1>
      <p className="muted">
        Quem recebeu o pedido recebe &quot;Avalie sua compra&quot; por e-mail alguns dias depois (prazo em{' '}
        <Link href="/dashboard/settings/avaliacoes">Configurações → Avaliações</Link>). Uma avaliação só aparece na loja depois de publicada.
        {data.pending > 0 ? ` ${data.pending === 1 ? '1 aguarda' : `${data.pending} aguardam`} moderação.` : ''}
      </p>
      {data.rows.length === 0 ? (
        <p className="card">Nenhuma avaliação ainda. Elas chegam depois das primeiras entregas.</p>
      ) : (
        <ul className={styles.list} aria-label="Avaliações, mais recentes primeiro">
          {data.rows.map((r) => (
            <li key={r.id} className={`card stack ${styles.review}`} aria-labelledby={`avaliacao-${r.id}`}>
              <h2 id={`avaliacao-${r.id}`} className={styles.title}>
                <Link href={`/products/${r.productSlug}`}>{r.productName}</Link> · <span aria-hidden="true">{'★'.repeat(r.rating) + '☆'.repeat(5 - r.rating)}</span>
                <span className="visually-hidden">{starLabel(r.rating)}</span>
              </h2>
              <p className="small">
                <span className={BADGE[r.status]}>{REVIEW_STATUS_LABELS[r.status]}</span> · {whole ? r.author || ANONYMOUS_AUTHOR : maskName(r.author || ANONYMOUS_AUTHOR)} ·{' '}
                {formatDateBR(r.createdAt)} · pedido <Link href={`/dashboard/orders/${r.orderId}`}>{orderLabel({ id: r.orderId, number: r.orderNumber })}</Link>
              </p>
              {r.comment ? <p className={styles.comment}>{r.comment}</p> : <p className="small muted">Sem comentário.</p>}
              <div className={styles.actions}>
                {/* Always mounted, shown only where it applies: the answer stays once the review moved. */}
                <ActionForm action={publishReviewAction} fields={{ reviewId: String(r.id), slug: r.productSlug }} label="Publicar" pendingLabel="Publicando…" className="btn" denied={denied} available={r.status !== 'published'} />
                <ActionForm action={hideReviewAction} fields={{ reviewId: String(r.id), slug: r.productSlug }} label="Ocultar" pendingLabel="Ocultando…" className="btn btn-secondary" denied={denied} available={r.status !== 'hidden'} />
              </div>
              <details>
                <summary>{r.reply ? 'Resposta da loja (editar)' : 'Responder'}</summary>
                <ReplyForm action={replyReviewAction} reviewId={r.id} slug={r.productSlug} reply={r.reply} denied={denied} />
              </details>
            </li>
          ))}
        </ul>
      )}
      <Pages page={data.page} pages={data.pages} hrefOf={(n) => `/dashboard/avaliacoes?pagina=${n}`} label="Páginas das avaliações" />
    </div>
  );
}
