/** A realistic boleto for tests and for looking at the PDF. */
import { barcodeToDigitableLine, buildBoletoBarcode } from '@balcao/br/boleto';
import type { BoletoPdfInput } from '../src/artifacts/boleto-pdf';

const barcode = buildBoletoBarcode({ bankCode: '999', amountCents: 123_456, dueDate: '2026-08-14', freeField: '0000123456789012345678901' });

export const SAMPLE_BOLETO: BoletoPdfInput = {
  id: '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60',
  amountCents: 123_456,
  dueDate: '2026-08-14',
  barcode,
  digitableLine: barcodeToDigitableLine(barcode),
  payer: {
    name: 'Maria da Conceição Araújo',
    document: '52998224725',
    street: 'Avenida Paulista',
    number: '1578',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    zip: '01310200',
  },
  description: 'Pedido BAL-0042 — 2 itens (Caneca esmaltada, Café especial 250 g)',
  beneficiary: 'Balcão Loja Demo LTDA — CNPJ 11.222.333/0001-81',
  issueDate: '2026-08-07',
  finePercent: 2,
  interestPercent: 0.1,
  gracePeriod: 5,
};
