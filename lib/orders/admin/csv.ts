/**
 * CSV for spreadsheet programs set to Brazilian Portuguese (Excel, LibreOffice, Google Sheets):
 * UTF-8 with a BOM, ";" between cells, CRLF between rows, amounts with a decimal comma,
 * dates dd/mm/aaaa hh:mm (São Paulo). Cells are quoted when needed (RFC 4180) and a cell
 * that a spreadsheet would read as a formula (= + - @, tab, CR) gets a leading apostrophe.
 * Pure.
 */
import { formatDocument } from '@balcao/br/documents';
import { formatMobile } from '@balcao/br/phone';
import { formatDateTimeBR } from '@balcao/br/dates';
import { formatDecimalComma } from '@balcao/br/money';
import { METHOD_LABELS, statusLabel } from '@/lib/orders/status-labels';
import { fulfilmentLabel, hasFulfilment } from '@/lib/fulfilment/moves';
import { addressOneLine, deliveryOf } from '@/lib/orders/delivery';
import { discountCents, orderMoneyLines } from '@/lib/orders/money-lines';
import type { OrderExportRow } from '@/lib/orders/orders-query';
import { originLabel } from '@/lib/attribution/attribution';

import { csvRow } from '@/lib/csv/write';

export const ORDER_CSV_HEADER = [
  'Número',
  'Pedido',
  'Criado em',
  'Status',
  'Forma de pagamento',
  'Itens (R$)',
  'Cupom',
  'Desconto cupom (R$)',
  'Desconto Pix (R$)',
  'Valor (R$)',
  'Reembolsado (R$)',
  'Pago em',
  'Pagamento tardio',
  'Comprador',
  'CPF/CNPJ',
  'E-mail',
  'Frete (R$)',
  'Entrega',
  'Endereço de entrega',
  'Link de pagamento',
  'Situação da entrega',
  'Código de rastreio',
  'Reembolso manual (R$)',
  'Pago em duplicidade',
  // New columns go at the end: spreadsheets and tests read the columns by header name.
  'Celular',
  'SKU',
  'Variante',
  'Observações',
  'Origem',
  'Promoções',
  'Desconto promoções (R$)',
];

const SHIPPING_KIND = { delivery: 'Entrega', pickup: 'Retirar na loja' } as const;

export function orderCsvRow(o: OrderExportRow): string {
  const delivery = deliveryOf(o);
  const money = orderMoneyLines(o, []);
  return csvRow([
    o.number,
    o.id,
    formatDateTimeBR(o.createdAt),
    statusLabel(o.status, o.refundedCents, o.totalCents, o.manualRefundCents),
    METHOD_LABELS[o.method],
    formatDecimalComma(money.itemsCents),
    o.couponCode ?? '',
    formatDecimalComma(discountCents(money, 'coupon')),
    formatDecimalComma(discountCents(money, 'pix')),
    formatDecimalComma(money.totalCents),
    formatDecimalComma(o.refundedCents),
    o.paidAt ? formatDateTimeBR(o.paidAt) : '',
    o.latePayment ? 'Sim' : 'Não',
    o.buyerName,
    formatDocument(o.buyerDocument),
    o.buyerEmail,
    money.shipping ? formatDecimalComma(money.shipping.cents) : '',
    delivery.method ? SHIPPING_KIND[delivery.method] : '',
    delivery.address ? addressOneLine(delivery.address) : (delivery.pickupAddress ?? ''),
    o.linkTitle ?? '',
    hasFulfilment(o) ? fulfilmentLabel(o.fulfillmentStatus, o.shippingMethod) : '',
    o.trackingCode ? `${o.fulfillmentCarrier ?? ''} ${o.trackingCode}`.trim() : '',
    o.manualRefundCents > 0 ? formatDecimalComma(o.manualRefundCents) : '',
    o.doublePaidAt ? 'Sim' : 'Não',
    o.buyerPhone ? formatMobile(o.buyerPhone) : '',
    o.itemSkus ?? '',
    o.itemVariants ?? '',
    o.buyerNote ?? '',
    originLabel({ source: o.originSource ?? undefined, campaign: o.originCampaign ?? undefined }) ?? '',
    o.promotionNames ?? '',
    formatDecimalComma(o.promotionDiscountCents ?? 0),
  ]);
}

/** File name with the São Paulo date and time of the export. */
export function exportFileName(now: Date = new Date()): string {
  const [date, time] = formatDateTimeBR(now).split(' ');
  const [dd, mm, yyyy] = date.split('/');
  return `pedidos_${yyyy}-${mm}-${dd}_${time.replace(':', '')}.csv`;
}
