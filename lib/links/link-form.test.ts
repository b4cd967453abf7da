import { describe, expect, it } from 'vitest';
import { parseBuyerAmount, parseDateInput, parseLinkForm, TITLE_MAX, type LinkFormValues } from './link-form';

const TODAY = '2026-11-24';

function form(values: Partial<LinkFormValues>) {
  const all: Record<string, string> = { title: 'Bolo de cenoura', amountMode: 'fixed', amount: '150,00', methods: 'both', pixDiscount: 'on', ...values };
  return { get: (k: string) => all[k] ?? null };
}

describe('parseLinkForm', () => {
  it('reads a fixed-price link in centavos, Brazilian style', () => {
    const r = parseLinkForm(form({ amount: 'R$ 1.234,56', description: ' Entrega  sábado \r\n\r\n\r\n Retirar na loja ', maxPayments: '1', expiresOn: '2026-12-01' }), TODAY);
    expect(r).toEqual({
      ok: true,
      value: {
        title: 'Bolo de cenoura',
        description: 'Entrega sábado\n\nRetirar na loja',
        amountCents: 123456,
        minAmountCents: null,
        methods: 'both',
        pixDiscount: true,
        allowCoupons: false,
        expiresOn: '2026-12-01',
        maxPayments: 1,
        variantRef: null,
      },
    });
  });

  it('reads the catalog variant a link sells ("Variante do catálogo"), as typed; too long is refused on its field', () => {
    expect(parseLinkForm(form({ amount: '55,00', variant: ' CAM-M-PRETO ' }), TODAY)).toMatchObject({ ok: true, value: { variantRef: 'CAM-M-PRETO' } });
    expect(parseLinkForm(form({ amount: '55,00', variant: 'x'.repeat(65) }), TODAY)).toMatchObject({ ok: false, fieldErrors: { variant: expect.stringContaining('SKU') } });
  });

  it('reads a buyer-chosen amount with its minimum, ignoring the fixed amount field', () => {
    const r = parseLinkForm(form({ amountMode: 'open', amount: 'lixo', minAmount: '20', pixDiscount: '', methods: 'pix' }), TODAY);
    expect(r.ok && r.value).toMatchObject({ amountCents: null, minAmountCents: 2000, methods: 'pix', pixDiscount: false, maxPayments: null, expiresOn: null });
    expect(parseLinkForm(form({ amount: '50', allowCoupons: 'on' }), TODAY)).toMatchObject({ ok: true, value: { allowCoupons: true } });
  });

  it('puts each error on its field, in Portuguese, and keeps what was typed', () => {
    const r = parseLinkForm(form({ title: '  ', amount: '4,99', methods: 'cartao', expiresOn: '2026-11-23', maxPayments: '0' }), TODAY);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toEqual({
      title: 'Dê um título ao link: é o que o comprador vê.',
      amount: 'O valor deve ser de pelo menos R$ 5,00 (o mínimo para Pix e boleto).',
      methods: 'Escolha como o comprador pode pagar.',
      expiresOn: 'A validade não pode ser uma data que já passou.',
      maxPayments: 'Use um número inteiro a partir de 1, ou deixe em branco para não ter limite.',
    });
    expect(r.values.amount).toBe('4,99');
    expect(r.values.expiresOn).toBe('2026-11-23');
  });

  it('limits the title to 120 characters and the minimum to R$ 5,00', () => {
    const long = parseLinkForm(form({ title: 'x'.repeat(TITLE_MAX + 1) }), TODAY);
    expect(!long.ok && long.fieldErrors.title).toBe('O título pode ter até 120 caracteres (tem 121).');
    expect(parseLinkForm(form({ title: 'x'.repeat(TITLE_MAX) }), TODAY).ok).toBe(true);
    const min = parseLinkForm(form({ amountMode: 'open', minAmount: '' }), TODAY);
    expect(!min.ok && min.fieldErrors.minAmount).toBe('Informe o valor mínimo.');
    const low = parseLinkForm(form({ amountMode: 'open', minAmount: '1,00' }), TODAY);
    expect(!low.ok && low.fieldErrors.minAmount).toMatch(/pelo menos R\$ 5,00/);
    const huge = parseLinkForm(form({ amount: '100.000.000,00' }), TODAY);
    expect(!huge.ok && huge.fieldErrors.amount).toBe('O valor pode ser de no máximo R$ 99.999.999,99.');
    const junk = parseLinkForm(form({ amount: '12,345' }), TODAY);
    expect(!junk.ok && junk.fieldErrors.amount).toBe('Use um valor em reais, como 150,00.');
  });

  it('accepts today as the last day and dd/mm/aaaa typed by hand', () => {
    expect(parseLinkForm(form({ expiresOn: TODAY }), TODAY).ok).toBe(true);
    const typed = parseLinkForm(form({ expiresOn: '5/1/2027' }), TODAY);
    expect(typed.ok && typed.value.expiresOn).toBe('2027-01-05');
    const bad = parseLinkForm(form({ expiresOn: '31/02/2027' }), TODAY);
    expect(!bad.ok && bad.fieldErrors.expiresOn).toBe('Data inválida: use dd/mm/aaaa.');
    expect(parseDateInput('2027-02-29')).toBeNull();
  });
});

describe('parseBuyerAmount', () => {
  it('takes an amount at or above the minimum, in centavos', () => {
    expect(parseBuyerAmount('R$ 20,00', 2000)).toEqual({ ok: true, cents: 2000 });
    expect(parseBuyerAmount('1.500', 2000)).toEqual({ ok: true, cents: 150000 });
  });
  it('refuses below the minimum, empty and junk, with the minimum in words', () => {
    expect(parseBuyerAmount('19,99', 2000)).toEqual({ ok: false, error: 'O valor mínimo é R$ 20,00.' });
    expect(parseBuyerAmount('', 2000)).toEqual({ ok: false, error: 'Informe o valor que você vai pagar (a partir de R$ 20,00).' });
    expect(parseBuyerAmount('vinte', 2000)).toEqual({ ok: false, error: 'Use um valor em reais, como 150,00.' });
  });
  it('never goes below the API minimum, whatever the link says', () => {
    expect(parseBuyerAmount('4,99', 0)).toEqual({ ok: false, error: 'O valor mínimo é R$ 5,00.' });
  });
});
