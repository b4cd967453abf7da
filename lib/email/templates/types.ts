import type { EmailKind, OrderStatus, PaymentMethod } from '@/db/schema';
import type { MoneyLines } from '@/lib/orders';

/** Everything an e-mail may show, loaded from the order when it is sent (lib/email/load.ts). */
export type EmailData = {
  kind: EmailKind;
  /** The merchant asked to send the instructions again. */
  resend?: boolean;
  shop: { name: string; appUrl: string };
  order: {
    id: string;
    /** The readable number (#1001); null only for rows written outside placeOrder. */
    number: number | null;
    token: string;
    status: OrderStatus;
    method: PaymentMethod;
    buyerName: string;
    createdAt: string;
    paidAt: string | null;
    money: MoneyLines;
  };
  payment: {
    pixCode: string | null;
    /** PNG bytes of the QR code (from the provider's image, or drawn from the code). */
    pixQrPng: Buffer | null;
    digitableLine: string | null;
    pdfUrl: string | null;
    dueDate: string | null;
    payableUntil: string | null;
    refundedAt: string | null;
  };
  /** Fulfilment e-mails and the merchant's alerts: where the order goes and how to follow it. */
  delivery?: {
    carrier: string | null;
    trackingCode: string | null;
    trackingUrl: string | null;
    /** The delivery address as an envelope shows it; null for pickup or nothing to ship. */
    addressLines: string[] | null;
    /** Where to pick the order up, as the shop wrote it (its opening hours included, when given). */
    pickupAddress: string | null;
    /** "SEDEX · Chega entre 03/12 e 05/12" when a carrier service was chosen. */
    arrival?: string | null;
  };
  /** The "pedido enviado" e-mail of an order with an authorised NF-e: its DANFE through the shop (lib/nfe). */
  invoice?: { danfeUrl: string } | null;
  /** The paid e-mail of an order with digital products: each one's signed link (lib/digital/access.ts). */
  digital?: { name: string; action: 'Baixar' | 'Acessar'; href: string }[];
  /** "Avalie sua compra": the signed link to the order's review page and the products to review. */
  review?: { url: string; products: string[] };
  /**
   * A subscription's e-mail: a notice (lib/subscriptions/notices.ts), or 'cycle' for a cycle
   * order's payment instructions ("Sua assinatura: pague a próxima entrega").
   */
  subscription?: { notice: string; url: string; productName: string; nextChargeDate: string | null; amountCents: number; newAmountCents: number | null };
  /** The merchant's alerts only. */
  merchant?: { buyerEmail: string; dashboardUrl: string; latePayment: boolean; /** "Observações para a loja", as the buyer typed them. */ buyerNote?: string | null };
};

export type EmailAttachment = { filename: string; contentType: string; content: Buffer; cid?: string };

export type RenderedEmail = { subject: string; html: string; text: string; attachments: EmailAttachment[] };

/** The Content-ID of the Pix QR image inside an e-mail. */
export const PIX_QR_CID = 'pix-qr@balcao';
