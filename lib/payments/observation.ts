/**
 * What one read of the provider tells us about a payment: its status (raw and meaning) and
 * the artifacts that may have appeared (Pix code and image; boleto barcode, digitable line,
 * PDF). Pure: built from the client's BoletoCharge / PixCharge.
 */
import type { PaymentMethod } from '@/db/schema';
import type { BoletoCharge, PixCharge } from '@/lib/payment-provider/client';
import type { Observed } from './state';

export type Artifacts = {
  pixCode?: string;
  pixImage?: string;
  barcode?: string;
  digitableLine?: string;
  pdfUrl?: string;
  invoiceUrl?: string;
};

export type Observation = {
  method: PaymentMethod;
  /** As the provider wrote it: "1".."5" for boleto, "active"… for Pix. */
  providerStatus: string;
  observed: Observed;
  /** The provider's payment time, when it says one. */
  paidAt?: string | null;
  amountCents?: number;
  artifacts: Artifacts;
};

/**
 * The boleto's HTML page sits beside its PDF ({invoice_url}/boleto/<id> and
 * {invoice_url}/boleto/pdf/<id>, docs/payment-api-contract.md), so it is derived from pdf_url.
 */
export function invoiceUrlFromPdfUrl(pdfUrl: string | undefined): string | undefined {
  if (!pdfUrl) return undefined;
  const m = /^(https?:\/\/.+\/boleto)\/pdf\/([^/?#]+)$/.exec(pdfUrl);
  return m ? `${m[1]}/${m[2]}` : undefined;
}

export function observationOfBoleto(b: BoletoCharge): Observation {
  return {
    method: 'boleto',
    providerStatus: String(b.status),
    observed: b.state,
    paidAt: b.paidAt,
    amountCents: b.amountCents,
    artifacts: {
      barcode: b.barcode || undefined,
      digitableLine: b.digitableLine || undefined,
      pdfUrl: b.pdfUrl || undefined,
      invoiceUrl: invoiceUrlFromPdfUrl(b.pdfUrl),
    },
  };
}

export function observationOfPix(p: PixCharge): Observation {
  const observed = p.state;
  return {
    method: 'pix',
    providerStatus: p.status,
    observed,
    // A Pix read carries no paid_at; updated_at is when it became completed (or later).
    paidAt: observed === 'paid' ? (p.updatedAt ?? null) : null,
    amountCents: p.amountCents,
    artifacts: { pixCode: p.pixCode || undefined, pixImage: p.pixImage || undefined },
  };
}
