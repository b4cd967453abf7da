/** Test helpers: what the e-mail templates are given, for the template tests. */
import type { EmailData } from '@/lib/email/templates';

export const EMAIL_APP_URL = 'https://loja.example.com.br';

/**
 * Order #1042 of "Café do Zé": two coffees by Pix, pending, with a buyer name that must come out
 * escaped; `over` changes any field.
 */
export function emailOrder(over: Partial<EmailData['order']> = {}): EmailData['order'] {
  return {
    id: '3f2a9c1d-0000-4000-8000-000000000000',
    number: 1042,
    token: 'tok_abcdefghijklmnopqrstuvwxyz012345',
    status: 'pending',
    method: 'pix',
    buyerName: 'Maria <b>da</b> Silva',
    createdAt: '2026-03-01T12:00:00.000Z',
    paidAt: '2026-03-02T15:04:00.000Z',
    money: { items: [{ name: 'Café & Cia 250 g', quantity: 2, unitPriceCents: 3990, lineTotalCents: 7980 }], adjustments: [], totalCents: 7980, refundedCents: 0 },
    ...over,
  };
}

export const EMAIL_SHOP: EmailData['shop'] = { name: 'Café do Zé', appUrl: EMAIL_APP_URL };
