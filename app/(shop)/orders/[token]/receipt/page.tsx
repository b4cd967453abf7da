import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { formatDateTimeBR } from '@balcao/br/dates';
import { orderLabel } from '@/lib/orders/words';
import { orderViewByToken } from '@/lib/orders';
import { getShopIdentity, formatShopAddress, formatShopDocument, type ShopIdentity } from '@/lib/shop';
import { PrintButton } from './print-button';
import { ReceiptFacts } from './receipt-facts';
import { ReceiptItems } from './receipt-items';
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

        <ReceiptFacts order={order} />

        <ReceiptItems order={order} />
        <p className="small muted">
          Documento emitido por {shop.name} em {formatDateTimeBR(new Date())}. Este recibo comprova o pagamento do pedido acima; não é nota fiscal.
        </p>
      </article>
    </main>
  );
}
