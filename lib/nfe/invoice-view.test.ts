/** What the order page offers for an order's NF-e, and who may do what with it. */
import { describe, expect, it } from 'vitest';
import type { OrderInvoiceRow } from '@/db/schema';
import { can } from '@/lib/auth/permissions';
import { merchantInvoiceViewOf, publicInvoiceOf } from './invoice-view';

const NOW = Date.parse('2026-12-06T12:00:00Z');
const KEY = '35261211222333000181550010000000421123456780';
const row = (o: Partial<OrderInvoiceRow>): OrderInvoiceRow => ({ invoiceStatus: 'authorized', accessKey: KEY, authorizedAt: new Date(NOW - 3600_000).toISOString(), ...o }) as OrderInvoiceRow;

describe('the order page\'s Nota fiscal', () => {
  it('offers "Emitir NF-e" for a paid order without one or after a rejection, never twice', () => {
    expect(merchantInvoiceViewOf(undefined, 'paid', true, NOW).canEmit).toBe(true);
    expect(merchantInvoiceViewOf(row({ invoiceStatus: 'rejected', accessKey: null }), 'paid', true, NOW)).toMatchObject({ canEmit: true, label: 'NF-e rejeitada' });
    expect(merchantInvoiceViewOf(row({ invoiceStatus: 'processing', accessKey: null }), 'paid', true, NOW)).toMatchObject({ canEmit: false, label: 'NF-e em processamento' });
    expect(merchantInvoiceViewOf(undefined, 'pending', true, NOW).canEmit).toBe(false);
    expect(merchantInvoiceViewOf(undefined, 'paid', false, NOW).canEmit).toBe(false);
  });

  it('shows the key in blocks of 4; "Cancelar NF-e" only refunded or canceled and within 24 h, then the return note', () => {
    const v = merchantInvoiceViewOf(row({}), 'paid', true, NOW);
    expect(v.accessKeyGrouped).toMatch(/^(\d{4} ){10}\d{4}$/);
    expect(v.accessKeyGrouped!.replace(/ /g, '')).toBe(KEY);
    expect(v.canCancel).toBe(false);
    expect(merchantInvoiceViewOf(row({}), 'refunded', true, NOW)).toMatchObject({ canCancel: true, returnNoteNeeded: false });
    const late = row({ authorizedAt: new Date(NOW - 25 * 3600_000).toISOString() });
    expect(merchantInvoiceViewOf(late, 'canceled', true, NOW)).toMatchObject({ canCancel: false, returnNoteNeeded: true });
  });

  it('the demonstration account cannot connect or cancel, and gets neither XML nor DANFE (they name the buyer)', () => {
    expect(can('demo', 'invoices:manage')).toBe(false);
    expect(can('demo', 'buyers:read')).toBe(false);
    expect(can('demo', 'orders:act')).toBe(true);
    expect(can('attendant', 'invoices:manage')).toBe(false);
    expect(can('owner', 'invoices:manage')).toBe(true);
    expect(can('manager', 'invoices:manage')).toBe(true);
  });
});

describe('the API\'s invoice', () => {
  it('links the files through the shop with the order\'s token, only once authorised', () => {
    expect(publicInvoiceOf(row({}), 'tok', 'https://loja.test')).toEqual({ status: 'authorized', access_key: KEY, danfe_url: 'https://loja.test/orders/tok/nota-fiscal', xml_url: 'https://loja.test/orders/tok/nota-fiscal?formato=xml' });
    expect(publicInvoiceOf(row({ invoiceStatus: 'processing', accessKey: null }), 'tok', 'https://loja.test')).toEqual({ status: 'processing', access_key: null, danfe_url: null, xml_url: null });
    expect(publicInvoiceOf(undefined, 'tok', 'https://loja.test')).toBeNull();
  });
});
