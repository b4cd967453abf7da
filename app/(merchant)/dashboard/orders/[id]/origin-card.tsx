/**
 * "Origem": where the buyer came from when the order was placed (lib/attribution): the source
 * and campaign as one line, then each tag kept. Click ids are shown only as present (they
 * identify an ad click, which is all the merchant needs to know).
 */
import type { Order } from '@/db/schema';
import { originLabel } from '@/lib/attribution/attribution';
import styles from './order.module.css';

type OriginColumns = Pick<Order, 'originSource' | 'originMedium' | 'originCampaign' | 'originContent' | 'originReferrer' | 'originFbclid' | 'originGclid'>;

export function OriginCard({ order }: { order: OriginColumns }) {
  const label = originLabel({ source: order.originSource ?? undefined, campaign: order.originCampaign ?? undefined });
  const details: [string, string | null][] = [
    ['Mídia (utm_medium)', order.originMedium],
    ['Conteúdo (utm_content)', order.originContent],
    ['Site de onde veio', order.originReferrer],
    ['Clique de anúncio', [order.originFbclid ? 'Meta (fbclid)' : null, order.originGclid ? 'Google (gclid)' : null].filter(Boolean).join(', ') || null],
  ];
  return (
    <section className="card" aria-labelledby="origin-title">
      <h2 id="origin-title" className="visually-hidden">
        Origem
      </h2>
      <p data-testid="order-origin">
        Origem: <strong>{label ?? 'direto (sem origem conhecida)'}</strong>
      </p>
      {details.some(([, v]) => v) ? (
        <dl className={styles.dl}>
          {details.map(([name, value]) =>
            value ? (
              <div key={name} className={styles.row}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ) : null,
          )}
        </dl>
      ) : null}
    </section>
  );
}
