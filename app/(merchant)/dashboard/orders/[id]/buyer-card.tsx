import Link from 'next/link';
import { HIDDEN } from '@balcao/br/personal-data';
import { formatDocument } from '@balcao/br/documents';
import { formatMobile } from '@balcao/br/phone';
import type { OrderPageView } from '@/lib/orders/admin';
import { addressLines, shippingValue } from '@/lib/orders';
import { Row } from './detail-row';
import styles from './order.module.css';

/** "Comprador": who bought, how to reach them (masked for a role without `buyers:read`). */
export function BuyerCard({ view }: { view: OrderPageView }) {
  const { order, masked, whatsApp, delivery } = view;
  return (
    <section className="card" aria-labelledby="buyer-title">
      <h2 id="buyer-title">Comprador</h2>
      <dl className={styles.dl}>
        <Row label="Nome">{order.buyerName}</Row>
        <Row label="CPF/CNPJ">
          <span className="mono">{formatDocument(order.buyerDocument)}</span>
        </Row>
        <Row label="E-mail">{masked ? order.buyerEmail : <a href={`mailto:${order.buyerEmail}`}>{order.buyerEmail}</a>}</Row>
        {order.buyerPhone ? (
          <Row label="Celular (WhatsApp)">
            <span className="mono" data-testid="buyer-phone">
              {formatMobile(order.buyerPhone)}
            </span>
            {whatsApp ? (
              <>
                {' · '}
                <a href={whatsApp} target="_blank" rel="noopener noreferrer" data-testid="buyer-whatsapp">
                  Conversar no WhatsApp<span className="visually-hidden"> com o comprador (abre em nova aba)</span>
                </a>
              </>
            ) : null}
          </Row>
        ) : null}
        {order.buyerNote ? (
          <Row label="Observações para a loja">
            <span className={styles.buyerNote} data-testid="buyer-note">
              {order.buyerNote}
            </span>
          </Row>
        ) : null}
        {order.addressStreet ? (
          <Row label={delivery.method ? 'Endereço de cobrança' : 'Endereço'}>
            {order.addressStreet === HIDDEN ? null : `${order.addressStreet}, ${order.addressNumber} — ${order.addressNeighborhood}, `}
            {order.addressCity}/{order.addressState} · CEP {order.addressZip?.replace(/^(\d{5})(\d{3})$/, '$1-$2')}
          </Row>
        ) : null}
      </dl>
      {masked ? (
        <p className="small muted">{view.maskedWhy}</p>
      ) : order.buyerDocument ? (
        <p className="small">
          <Link href={`/dashboard/settings/comprador?${new URLSearchParams({ q: order.buyerDocument })}`}>Dados do comprador (LGPD): exportar ou anonimizar</Link>
        </p>
      ) : null}
    </section>
  );
}

/** "Entrega": where it goes (or the pickup address) and the shipping paid; none without a delivery. */
export function DeliveryCard({ view }: { view: OrderPageView }) {
  const { delivery } = view;
  if (!delivery.method) return null;
  return (
    <section className="card" aria-labelledby="delivery-title">
      <h2 id="delivery-title">Entrega</h2>
      <dl className={styles.dl}>
        {delivery.address ? (
          <Row label="Endereço de entrega">
            <address className={styles.address} data-testid="delivery-address">
              {addressLines(delivery.address).map((l) => (
                <span key={l}>{l}</span>
              ))}
            </address>
          </Row>
        ) : null}
        {delivery.method === 'pickup' ? <Row label="Retirada na loja">{delivery.pickupAddress ?? '—'}</Row> : null}
        <Row label="Frete">{shippingValue(delivery)}</Row>
      </dl>
    </section>
  );
}
