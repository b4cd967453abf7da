import { describe, expect, it } from 'vitest';
import type { FormValues } from '@/lib/checkout/fields';
import { formValuesOf, parseCheckoutForm } from './parse-form';

const NOTHING_SHIPS = { needsDelivery: false };
const SHIPS = { needsDelivery: true };
const KEY = '6f1c1d0e-8a57-4c43-9d1b-2f4f8d1f6a10';
const pix: FormValues = { checkoutKey: KEY, method: 'pix', name: 'Maria  da Silva ', document: '529.982.247-25', email: ' maria@exemplo.com.br ' };
/** Each part of an empty address, with its message (the complement is optional). */
const EMPTY_ADDRESS_ERRORS = {
  zip: 'Informe o CEP.',
  street: 'Informe a rua.',
  number: 'Informe o número (ou S/N).',
  neighborhood: 'Informe o bairro.',
  city: 'Informe a cidade.',
  state: 'Escolha a UF.',
};
const boleto: FormValues = { ...pix, method: 'boleto', zip: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };

describe('parseCheckoutForm', () => {
  it('accepts a Pix form and normalises it (digits-only document, trimmed text)', () => {
    const r = parseCheckoutForm(pix, NOTHING_SHIPS);
    expect(r).toEqual({
      ok: true,
      data: { checkoutKey: KEY, method: 'pix', shipping: 'delivery', buyer: { name: 'Maria da Silva', document: '52998224725', email: 'maria@exemplo.com.br' } },
    });
  });

  it('keeps "Observações para a loja" as typed (one kind of line break, trimmed), empty as nothing, at most 500 characters', () => {
    const r = parseCheckoutForm({ ...pix, note: '  Embrulhar para presente\r\nObrigada!  ' }, NOTHING_SHIPS);
    expect(r.ok && r.data.note).toBe('Embrulhar para presente\nObrigada!');
    const blank = parseCheckoutForm({ ...pix, note: '   ' }, NOTHING_SHIPS);
    expect(blank.ok && blank.data.note).toBeUndefined();
    expect(parseCheckoutForm({ ...pix, note: 'a'.repeat(500) }, NOTHING_SHIPS).ok).toBe(true);
    expect(parseCheckoutForm({ ...pix, note: 'a'.repeat(501) }, NOTHING_SHIPS)).toEqual({ ok: false, fieldErrors: { note: 'As observações podem ter até 500 caracteres.' } });
  });

  it('ignores address fields for Pix', () => {
    const r = parseCheckoutForm({ ...pix, zip: 'x', state: 'ZZ' }, NOTHING_SHIPS);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.data.address).toBeUndefined();
  });

  it('accepts a boleto form with its address', () => {
    const r = parseCheckoutForm(boleto, NOTHING_SHIPS);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.data.address).toEqual({ zip: '01310100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' });
  });

  it('accepts a CNPJ and a one-word company name', () => {
    const r = parseCheckoutForm({ ...pix, name: 'Cafeteria', document: '11.222.333/0001-81' }, NOTHING_SHIPS);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.data.buyer.document).toBe('11222333000181');
  });

  it('puts a Portuguese message on every empty field of a boleto', () => {
    const r = parseCheckoutForm({ checkoutKey: KEY, method: 'boleto' }, NOTHING_SHIPS);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toEqual({ name: 'Informe seu nome completo.', document: 'Informe o CPF ou CNPJ.', email: 'Informe seu e-mail.', ...EMPTY_ADDRESS_ERRORS });
  });

  it('checks CPF/CNPJ check digits, length and the alphanumeric CNPJ', () => {
    const bad = (document: string) => {
      const r = parseCheckoutForm({ ...pix, document }, NOTHING_SHIPS);
      return r.ok ? null : r.fieldErrors.document;
    };
    expect(bad('529.982.247-24')).toBe('CPF ou CNPJ inválido: confira os dígitos.');
    expect(bad('111.111.111-11')).toBe('CPF ou CNPJ inválido: confira os dígitos.');
    expect(bad('1234')).toBe('O CPF tem 11 dígitos e o CNPJ tem 14.');
    expect(bad('12.ABC.345/01DE-35')).toMatch(/CNPJ alfanumérico/);
  });

  it('checks the e-mail format and length', () => {
    const r = parseCheckoutForm({ ...pix, email: 'maria@' }, NOTHING_SHIPS);
    expect(r.ok ? null : r.fieldErrors.email).toMatch(/^E-mail inválido/);
    const long = parseCheckoutForm({ ...pix, email: `${'a'.repeat(250)}@x.com` }, NOTHING_SHIPS);
    expect(long.ok ? null : long.fieldErrors.email).toBe('O e-mail pode ter até 254 caracteres.');
  });

  it('asks a person (CPF) for first name and surname', () => {
    const r = parseCheckoutForm({ ...pix, name: 'Maria' }, NOTHING_SHIPS);
    expect(r.ok ? null : r.fieldErrors.name).toBe('Informe nome e sobrenome.');
  });

  it('enforces the API limits on name and address', () => {
    const r = parseCheckoutForm({
      ...boleto,
      name: `Maria ${'a'.repeat(100)}`,
      street: 'r'.repeat(201),
      number: '1'.repeat(21),
      neighborhood: 'b'.repeat(101),
      city: 'c'.repeat(101),
    }, NOTHING_SHIPS);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toMatchObject({
      name: 'O nome pode ter até 100 caracteres.',
      street: 'A rua pode ter até 200 caracteres.',
      number: 'O número pode ter até 20 caracteres.',
      neighborhood: 'O bairro pode ter até 100 caracteres.',
      city: 'A cidade pode ter até 100 caracteres.',
    });
    expect(parseCheckoutForm({ ...boleto, street: 'r'.repeat(200), number: 'S/N' }, NOTHING_SHIPS).ok).toBe(true);
  });

  it.each([
    ['0131010', 'O CEP tem 8 dígitos (ex.: 01310-100).'],
    ['01310-1000', 'O CEP tem 8 dígitos (ex.: 01310-100).'],
    ['ABCDE-FGH', 'O CEP tem 8 dígitos (ex.: 01310-100).'],
    ['00000-000', 'CEP inválido: confira os dígitos.'],
  ])('rejects the CEP %s', (zip, message) => {
    const r = parseCheckoutForm({ ...boleto, zip }, NOTHING_SHIPS);
    expect(r.ok ? null : r.fieldErrors.zip).toBe(message);
  });

  it('accepts only the 27 UFs', () => {
    expect(parseCheckoutForm({ ...boleto, state: 'sp' }, NOTHING_SHIPS).ok).toBe(true);
    const r = parseCheckoutForm({ ...boleto, state: 'XX' }, NOTHING_SHIPS);
    expect(r.ok ? null : r.fieldErrors.state).toBe('Escolha a UF.');
  });

  it('refuses an unknown method and a forged key', () => {
    const m = parseCheckoutForm({ ...pix, method: 'cartao' }, NOTHING_SHIPS);
    expect(m.ok ? null : m.fieldErrors.method).toBe('Escolha Pix ou boleto.');
    const k = parseCheckoutForm({ ...pix, checkoutKey: "'; drop table orders; --" }, NOTHING_SHIPS);
    expect(k.ok ? null : k.fieldErrors.checkoutKey).toMatch(/formulário expirou/);
  });

  it('turns control characters into spaces', () => {
    const r = parseCheckoutForm({ ...boleto, street: 'Rua\u0000 das\nFlores' }, NOTHING_SHIPS);
    expect(r.ok && r.data.address?.street).toBe('Rua das Flores');
  });
});

describe('formValuesOf', () => {
  it('reads strings only and caps their length', () => {
    const form = new FormData();
    form.set('name', 'Ana Souza');
    form.set('document', new Blob(['x']), 'file.txt');
    form.set('street', 'x'.repeat(5000));
    form.set('$ACTION_ID_abc', '');
    const v = formValuesOf(form);
    expect(v.name).toBe('Ana Souza');
    expect(v.document).toBe('');
    expect(v.street).toHaveLength(1000);
    expect(v.email).toBe('');
    expect(Object.keys(v)).not.toContain('$ACTION_ID_abc');
  });
});

describe('parseCheckoutForm with something to ship', () => {
  const address = { zip: '01310-100', street: 'Avenida Paulista', number: '1000', complement: ' apto  12 ', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
  const delivered = { zip: '01310100', street: 'Avenida Paulista', number: '1000', complement: 'apto 12', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };

  it('a Pix asks for the delivery address, each missing part with its message (the complement is optional)', () => {
    const r = parseCheckoutForm(pix, SHIPS);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toEqual(EMPTY_ADDRESS_ERRORS);
    const ok = parseCheckoutForm({ ...pix, ...address }, SHIPS);
    expect(ok.ok && ok.data.delivery).toEqual(delivered);
    expect(ok.ok && ok.data.address).toBeUndefined();
  });

  it('a boleto uses the delivery address as the payer\'s with "Mesmo endereço da entrega"', () => {
    const r = parseCheckoutForm({ ...pix, method: 'boleto', ...address }, SHIPS);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.delivery).toEqual(delivered);
    const { complement: _c, ...payer } = delivered;
    expect(r.data.address).toEqual(payer);
  });

  it('a boleto with the box unticked takes the billing fields, and their errors are theirs', () => {
    const billing = { billingZip: '20040-002', billingStreet: 'Rua da Quitanda', billingNumber: '10', billingNeighborhood: 'Centro', billingCity: 'Rio de Janeiro', billingState: 'RJ' };
    const r = parseCheckoutForm({ ...pix, method: 'boleto', ...address, ...billing, sameAddress: 'off' }, SHIPS);
    expect(r.ok && r.data.address).toEqual({ zip: '20040002', street: 'Rua da Quitanda', number: '10', neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ' });
    const bad = parseCheckoutForm({ ...pix, method: 'boleto', ...address, billingZip: '123', sameAddress: 'off' }, SHIPS);
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.fieldErrors).toMatchObject({ billingZip: 'O CEP tem 8 dígitos (ex.: 01310-100).', billingStreet: 'Informe a rua.', billingState: 'Escolha a UF.' });
    expect(bad.fieldErrors.zip).toBeUndefined();
  });

  it('pickup at the shop needs no address for Pix, and the boleto payer\'s address for boleto', () => {
    const r = parseCheckoutForm({ ...pix, shipping: 'pickup' }, SHIPS);
    expect(r.ok && r.data).toMatchObject({ shipping: 'pickup' });
    expect(r.ok && r.data.delivery).toBeUndefined();
    const b = parseCheckoutForm({ ...pix, method: 'boleto', shipping: 'pickup', ...address }, SHIPS);
    expect(b.ok && b.data.delivery).toBeUndefined();
    expect(b.ok && b.data.address).toMatchObject({ zip: '01310100' });
  });

  it('a cart with nothing to ship ignores a forged delivery choice and address', () => {
    const r = parseCheckoutForm({ ...pix, shipping: 'pickup', ...address }, NOTHING_SHIPS);
    expect(r.ok && r.data).toMatchObject({ shipping: 'delivery' });
    expect(r.ok && r.data.delivery).toBeUndefined();
  });

  it('a complement over 60 characters is refused next to its field', () => {
    const r = parseCheckoutForm({ ...pix, ...address, complement: 'x'.repeat(61) }, SHIPS);
    expect(!r.ok && r.fieldErrors.complement).toBe('O complemento pode ter até 60 caracteres.');
  });
});

describe('"Celular (WhatsApp)"', () => {
  const REQUIRED = { needsDelivery: false, phoneRequired: true };

  it('is optional by default: empty is no phone, a mobile is kept as 11 digits whatever the punctuation or +55', () => {
    const none = parseCheckoutForm({ ...pix, phone: '  ' }, NOTHING_SHIPS);
    expect(none.ok && none.data.buyer.phone).toBeUndefined();
    for (const phone of ['(11) 98765-4321', '+55 11 98765-4321', '5511987654321', '11987654321']) {
      const r = parseCheckoutForm({ ...pix, phone }, NOTHING_SHIPS);
      expect(r.ok && r.data.buyer.phone, phone).toBe('11987654321');
    }
  });

  it('is required when the shop says so, with its own message', () => {
    expect(parseCheckoutForm(pix, REQUIRED)).toEqual({ ok: false, fieldErrors: { phone: 'Informe o celular (WhatsApp).' } });
    expect(parseCheckoutForm({ ...pix, phone: '' }, REQUIRED)).toEqual({ ok: false, fieldErrors: { phone: 'Informe o celular (WhatsApp).' } });
    const r = parseCheckoutForm({ ...pix, phone: '(21) 99876-5432' }, REQUIRED);
    expect(r.ok && r.data.buyer.phone).toBe('21998765432');
  });

  it('refuses what is not a Brazilian mobile next to the field, required or not, beside the other fields’ errors', () => {
    const cases: [string, string][] = [
      ['98765-4321', 'Informe um celular com DDD, como (11) 98765-4321.'],
      ['(20) 98765-4321', 'DDD inválido: confira os dois primeiros dígitos, como (11) 98765-4321.'],
      ['(11) 3456-7890', 'Informe um celular: depois do DDD, o número tem 9 dígitos e começa com 9, como (11) 98765-4321.'],
    ];
    for (const [phone, message] of cases) {
      for (const opts of [NOTHING_SHIPS, REQUIRED]) {
        expect(parseCheckoutForm({ ...pix, phone }, opts), phone).toEqual({ ok: false, fieldErrors: { phone: message } });
      }
    }
    const both = parseCheckoutForm({ ...pix, email: 'maria@', phone: '123' }, REQUIRED);
    expect(both.ok ? {} : Object.keys(both.fieldErrors).sort()).toEqual(['email', 'phone']);
  });

  it('is read from the form like any field', () => {
    const form = new FormData();
    form.set('phone', '(11) 98765-4321');
    expect(formValuesOf(form).phone).toBe('(11) 98765-4321');
  });
});
