import { describe, expect, it } from 'vitest';
import { splitCsv } from '@/lib/csv/read';
import { CSV_BOM, csvCell, csvRow } from '@/lib/csv/write';
import { exportFileName, ORDER_CSV_HEADER, orderCsvRow } from './csv';
import type { OrderExportRow } from '@/lib/orders/orders-query';
import { NOTHING_SHIPS, PAULISTA_DELIVERY } from '@/test/orders/delivery';

describe('csvCell', () => {
  it('quotes every text cell; numbers and empty cells stay bare', () => {
    expect(csvCell('Maria da Silva')).toBe('"Maria da Silva"');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
    expect(csvCell('')).toBe('');
  });
  it('a comma never starts a new cell for a program that splits on commas', () => {
    const line = csvRow(['Caneca,=1+1', 'ok']);
    expect(line).toBe('"Caneca,=1+1";"ok"\r\n');
    const asCommaFile = splitCsv(line, ',')[0].cells;
    expect(asCommaFile.some((c) => /^[=+\-@]/.test(c))).toBe(false);
  });
  it('quotes ; " and line breaks, doubling quotes', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvCell('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"');
  });
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+5511999999999', `"'+5511999999999"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
  ])('neutralises formula %j', (input, out) => expect(csvCell(input)).toBe(out));
});

/** A row read back and written with only the quotes a ";" file needs, to compare cells. */
function asBefore(line: string): string {
  return splitCsv(line, ';')[0].cells.map((c) => (/[;"\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';') + '\r\n';
}

describe('orderCsvRow', () => {
  const row: OrderExportRow = {
    id: '3f2a9c1b-0000-4000-8000-000000000001',
    number: 1042,
    status: 'refunded',
    method: 'pix',
    totalCents: 123456,
    itemsCents: 129954,
    pixDiscountCents: 6498,
    couponCode: null,
    couponDiscountCents: 0,
    refundedCents: 2000,
    buyerName: '=cmd; "Zé"',
    buyerDocument: '52998224725',
    buyerEmail: 'ze@example.com',
    latePayment: false,
    doublePaidAt: null,
    createdAt: '2025-03-10T03:05:00.000Z',
    paidAt: '2025-03-10T13:00:00.000Z',
    paymentLinkId: null,
    linkTitle: null,
    fulfillmentStatus: 'unfulfilled',
    trackingCode: null,
    fulfillmentCarrier: null,
    manualRefundCents: 0,
    buyerPhone: null,
    buyerNote: null,
    originSource: null,
    originCampaign: null,
    ...NOTHING_SHIPS,
  };
  it('writes São Paulo dates, comma decimals, labels and safe cells', () => {
    expect(asBefore(orderCsvRow(row))).toBe(
      '1042;3f2a9c1b-0000-4000-8000-000000000001;10/03/2025 00:05;Reembolsado parcialmente;Pix;1299,54;;0,00;64,98;1234,56;20,00;10/03/2025 10:00;Não;' +
        `"'=cmd; ""Zé""";529.982.247-25;ze@example.com;;;;;;;;Não;;;;;;;0,00\r\n`,
    );
  });
  it('has the coupon and its discount as their own cells', () => {
    const line = asBefore(orderCsvRow({ ...row, couponCode: 'VERAO10', couponDiscountCents: 12995 }));
    expect(line).toContain(';Pix;1299,54;VERAO10;129,95;64,98;1234,56;');
  });
  it("carries the payment link's title, neutralised like any cell", () => {
    expect(asBefore(orderCsvRow({ ...row, paymentLinkId: '3f2a9c1b-0000-4000-8000-000000000009', linkTitle: '=Bolo; de cenoura' })).endsWith(`;"'=Bolo; de cenoura";;;;Não;;;;;;;0,00\r\n`)).toBe(true);
  });
  it('adds the shipping and the delivery address (or the pickup) as their own cells', () => {
    const delivered = {
      ...row,
      ...PAULISTA_DELIVERY,
    };
    expect(asBefore(orderCsvRow(delivered))).toMatch(/;ze@example\.com;12,90;Entrega;Avenida Paulista, 1000 — apto 12 · Bela Vista, São Paulo\/SP · CEP 01310-100;;A enviar;;;Não;;;;;;;0,00\r\n$/);
    expect(asBefore(orderCsvRow({ ...row, shippingMethod: 'pickup', pickupAddress: 'Rua Augusta, 1500' }))).toMatch(/;0,00;Retirar na loja;Rua Augusta, 1500;;A preparar para retirada;;;Não;;;;;;;0,00\r\n$/);
  });
  it('says "Sim" in "Pago em duplicidade" for an order paid twice', () => {
    expect(asBefore(orderCsvRow({ ...row, status: 'paid', doublePaidAt: '2025-03-11T10:00:00.000Z' }))).toMatch(/;Sim;;;;;;;0,00\r\n$/);
  });
  it('adds the fulfilment, the tracking code and a manual refund', () => {
    const shipped = { ...row, ...PAULISTA_DELIVERY, status: 'paid' as const, fulfillmentStatus: 'shipped' as const, fulfillmentCarrier: 'Correios', trackingCode: 'AB123456785BR' };
    expect(asBefore(orderCsvRow(shipped))).toMatch(/;Enviado;Correios AB123456785BR;;Não;;;;;;;0,00\r\n$/);
    expect(asBefore(orderCsvRow({ ...row, method: 'boleto', manualRefundCents: 123456 }))).toMatch(/;;;1234,56;Não;;;;;;;0,00\r\n$/);
  });
  it('has "Celular", the buyer’s WhatsApp as people read it, after every older column', () => {
    expect(ORDER_CSV_HEADER.at(-7)).toBe('Celular');
    expect(ORDER_CSV_HEADER.at(-8)).toBe('Pago em duplicidade');
    expect(asBefore(orderCsvRow({ ...row, buyerPhone: '11987654321' }))).toMatch(/;Não;\(11\) 98765-4321;;;;;;0,00\r\n$/);
    // A role without buyers:read gets the masked number (export route: maskOrderBuyer).
    expect(asBefore(orderCsvRow({ ...row, buyerPhone: '(11) *****-**21' }))).toMatch(/;Não;\(11\) \*\*\*\*\*-\*\*21;;;;;;0,00\r\n$/);
  });
  it('has "SKU" and "Variante": the lines\' SKUs and variant names', () => {
    expect(ORDER_CSV_HEADER.slice(-6, -4)).toEqual(['SKU', 'Variante']);
    expect(asBefore(orderCsvRow({ ...row, itemSkus: 'CAM-M-PRETO, CAF-250', itemVariants: 'M / Preto' }))).toMatch(/;Não;;CAM-M-PRETO, CAF-250;M \/ Preto;;;;0,00\r\n$/);
  });
  it('has "Observações", the buyer’s note as typed, neutralised like any cell', () => {
    expect(ORDER_CSV_HEADER.at(-4)).toBe('Observações');
    expect(asBefore(orderCsvRow({ ...row, buyerNote: 'Embrulhar para presente; obrigado' }))).toMatch(/;Não;;;;"Embrulhar para presente; obrigado";;;0,00\r\n$/);
    expect(asBefore(orderCsvRow({ ...row, buyerNote: '=HYPERLINK("x")' }))).toMatch(/;"'=HYPERLINK\(""x""\)";;;0,00\r\n$/);
  });

  it('ends with the promotions\' names and discount, after "Origem"', () => {
    expect(ORDER_CSV_HEADER.slice(-2)).toEqual(['Promoções', 'Desconto promoções (R$)']);
    expect(asBefore(orderCsvRow({ ...row, promotionNames: 'Leve 3, pague 2', promotionDiscountCents: 3990 }))).toMatch(/;Leve 3, pague 2;39,90\r\n$/);
  });
  it('has "Origem": source / campaign, empty when unknown', () => {
    expect(ORDER_CSV_HEADER.at(-3)).toBe('Origem');
    expect(asBefore(orderCsvRow({ ...row, originSource: 'instagram', originCampaign: 'black-friday' }))).toMatch(/;instagram \/ black-friday;;0,00\r\n$/);
    expect(asBefore(orderCsvRow({ ...row, originSource: 'google.com', originCampaign: null }))).toMatch(/;google\.com;;0,00\r\n$/);
    expect(asBefore(orderCsvRow({ ...row, originSource: null, originCampaign: null }))).toMatch(/;;;0,00\r\n$/);
  });
  it('has a header of the same width', () => {
    expect(csvRow(ORDER_CSV_HEADER).split(';')).toHaveLength(orderCsvRow({ ...row, buyerName: 'x' }).split(';').length);
    expect(CSV_BOM).toBe('\uFEFF');
  });
  it('names the file with the São Paulo date and time', () => {
    expect(exportFileName(new Date('2025-03-10T02:30:00.000Z'))).toBe('pedidos_2025-03-09_2330.csv');
  });
});
