import type { Metadata } from 'next';
import { DiscountRows } from '@/app/_components/discount-rows';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { formatDateBR, formatDateTimeBR } from '@balcao/br/dates';
import { maskDocument } from '@balcao/br/documents';
import { formatBRL } from '@balcao/br/money';
import { addressLines, shippingValue } from '@/lib/orders/delivery';
import { orderLabel } from '@/lib/orders/format';
import { orderViewByToken } from '@/lib/orders/queries';
import { METHOD_LABELS, statusLabel } from '@/lib/orders/status-labels';
import { getShopIdentity } from '@/lib/shop/identity';
import { formatShopAddress, formatShopDocument, type ShopIdentity } from '@/lib/shop/identity-values';
import { PrintButton } from './print-button';
import styles from './receipt.module.css';

export const metadata: Metadata = { title: 'Recibo', robots: { index: false, follow: false } };

type Props = { params: Promise<{ token: string }> };

function sellerLine(shop: ShopIdentity): string {
  return [shop.legalName, formatShopDocument(shop.document), formatShopAddress(shop.address)].filter(Boolean).join(' · ');
}

export default async function ReceiptPage({ params }: Props) {
  const { token } = await params;
  const [order, shop] = await Promise.all([orderViewByToken(token), getShopIdentity()]);
  if (!order) notFound();
  const orderUrl = `/orders/${order.token}`;

  if (order.status !== 'paid' && order.status !== 'refunded') {
    return (
      <main className="container stack">
        <h1>Recibo</h1>
        <p className="alert alert-info">O recibo fica disponível assim que o pagamento for confirmado.</p>
        <p>
          <Link href={orderUrl} className="btn">
            Ver o pedido
          </Link>
        </p>
      </main>
    );
  }

  const refunded = order.status === 'refunded';
  const { money } = order;
  return (
    <main className={`container ${styles.page}`}>
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <Link href={orderUrl}>← Voltar ao pedido</Link>
        <PrintButton />
      </div>
      <article className={`card ${styles.receipt}`} aria-labelledby="titulo-recibo">
        <header className={styles.header}>
          <div>
            <p className={styles.brand}>{shop.name}</p>
            {/* Printed, the page's footer is hidden: the seller's identity goes with the receipt. */}
            {sellerLine(shop) ? <p className="small muted">{sellerLine(shop)}</p> : null}
            <h1 id="titulo-recibo">Recibo de pagamento</h1>
          </div>
          <p className={styles.orderId}>
            Pedido <strong>{orderLabel(order)}</strong>
          </p>
        </header>

        <dl className={styles.facts}>
          <div>
            <dt>Comprador</dt>
            <dd>{order.buyerName}</dd>
          </div>
          <div>
            <dt>CPF/CNPJ</dt>
            <dd className="mono">{maskDocument(order.buyerDocument)}</dd>
          </div>
          <div>
            <dt>Forma de pagamento</dt>
            <dd>{METHOD_LABELS[order.method]}</dd>
          </div>
          <div>
            <dt>Pago em</dt>
            <dd>{order.paidAt ? formatDateTimeBR(order.paidAt) : '—'}</dd>
          </div>
          <div>
            <dt>Situação</dt>
            <dd>{statusLabel(order.status, order.refundedCents, order.totalCents)}</dd>
          </div>
          <div>
            <dt>Pedido feito em</dt>
            <dd>{formatDateBR(order.createdAt)}</dd>
          </div>
          {order.delivery.address ? (
            <div>
              <dt>Entrega em</dt>
              <dd>
                <address className={styles.address}>
                  {addressLines(order.delivery.address).map((l) => (
                    <span key={l}>{l}</span>
                  ))}
                </address>
              </dd>
            </div>
          ) : null}
          {order.delivery.service || order.delivery.arrival ? (
            <div>
              <dt>Forma de entrega</dt>
              <dd>{[order.delivery.service, order.delivery.arrival].filter(Boolean).join(' · ')}</dd>
            </div>
          ) : null}
          {order.delivery.pickupAddress ? (
            <div>
              <dt>Retirada na loja</dt>
              <dd>{order.delivery.pickupAddress}</dd>
            </div>
          ) : null}
        </dl>

        <table className={`table ${styles.items}`}>
          <caption className="visually-hidden">Itens do pedido</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="num">
                Qtd.
              </th>
              <th scope="col" className="num">
                Valor
              </th>
            </tr>
          </thead>
          <tbody>
            {money.items.map((item, i) => (
              <tr key={i}>
                <td>
                  {item.name}
                  <span className={`small muted ${styles.unit}`}>{formatBRL(item.unitPriceCents)} cada</span>
                </td>
                <td className="num">{item.quantity}</td>
                <td className="num">{formatBRL(item.lineTotalCents)}</td>
              </tr>
            ))}
            {money.shipping ? (
              <tr>
                <td>Frete</td>
                <td className="num" />
                <td className="num" data-testid="recibo-frete">
                  {shippingValue(money.shipping)}
                </td>
              </tr>
            ) : null}
          </tbody>
          <tfoot>
            <DiscountRows money={money} colSpan={2} />
            <tr>
              <th scope="row" colSpan={2}>
                Total pago
              </th>
              <td className="num">
                <strong>{formatBRL(money.totalCents)}</strong>
              </td>
            </tr>
            {refunded ? (
              <tr>
                <th scope="row" colSpan={2}>
                  Reembolsado{order.payment?.refundedAt ? ` em ${formatDateBR(order.payment.refundedAt)}` : ''}
                </th>
                <td className="num">− {formatBRL(order.refundedCents)}</td>
              </tr>
            ) : null}
          </tfoot>
        </table>
        <p className="small muted">
          Documento emitido por {shop.name} em {formatDateTimeBR(new Date())}. Este recibo comprova o pagamento do pedido acima; não é nota fiscal.
        </p>
      </article>
    </main>
  );
}
