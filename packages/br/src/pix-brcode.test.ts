import { getPixPayloadInfo, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { buildPixBrCode, crc16ccitt, MAX_PIX_CENTS, parsePixBrCode, toPixAscii, toPixTxid } from './pix-brcode';

/** Codes published with their CRC: the BCB manual's static example and others from the wild. */
const PUBLISHED = [
  // Manual de Padrões para Iniciação do Pix (static, random key, no amount)
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
  // Dynamic example (URL in 26-25, point of initiation 12), uppercase GUI
  '00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a995204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB',
  // Static with amount and txid (CPF key)
  '00020126330014BR.GOV.BCB.PIX011197212482404520400005303986540530.005802BR5918Victor Julio Rocha6006RECIFE62110507VIPSURF630425A1',
  '00020126330014BR.GOV.BCB.PIX01111234567890052040000530398654041.005802BR5914Nome Sobrenome6015Cidade Ficticia62100506LOJA016304C8E4',
  // e-mail key
  '00020126410014br.gov.bcb.pix0119rayane@alvoz.com.br5204000053039865802BR5901N6001C62070503***63043A81',
];

const SANDBOX = {
  key: 'pix@sandbox.balcao.invalid',
  amountCents: 12_345,
  txid: '0b8f6c2e-6f4b-4c8e-9a3e-2d1c0b9a8f7e',
  merchantName: 'Balcão Sandbox',
  merchantCity: 'São Paulo',
  description: 'Pedido BAL-0042',
};

describe('crc16ccitt', () => {
  it('matches the CRC-16/CCITT-FALSE check value of "123456789"', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });

  it('is 0xFFFF for the empty string and always 4 uppercase hex digits', () => {
    expect(crc16ccitt('')).toBe('FFFF');
    for (const s of ['A', '000201', 'x'.repeat(300)]) expect(crc16ccitt(s)).toMatch(/^[0-9A-F]{4}$/);
  });

  it.each(PUBLISHED)('reproduces the CRC of a published code: %s', (code) => {
    expect(crc16ccitt(code.slice(0, -4))).toBe(code.slice(-4));
  });
});

describe('buildPixBrCode', () => {
  it('lays out every object in order with its length', () => {
    const code = buildPixBrCode({ key: 'a@b.co', amountCents: 1050, txid: 'PED42', merchantName: 'Loja', merchantCity: 'Recife' });
    const body =
      '000201' +
      '010211' +
      '2628' + '0014br.gov.bcb.pix' + '0106a@b.co' +
      '52040000' +
      '5303986' +
      '540510.50' +
      '5802BR' +
      '5904LOJA' +
      '6006RECIFE' +
      '62090505PED42' +
      '6304';
    expect(code).toBe(body + crc16ccitt(body));
  });

  it('reproduces the amount and txid shape of a published static code byte for byte (apart from 01 and case)', () => {
    // Same data as the published "Victor Julio Rocha" code; ours adds 010211 and writes the GUI in lowercase and the name in uppercase.
    const code = buildPixBrCode({ key: '97212482404', amountCents: 3000, txid: 'VIPSURF', merchantName: 'Victor Julio Rocha', merchantCity: 'Recife' });
    expect(code.slice(0, -4)).toBe(
      '000201010211' + '26330014br.gov.bcb.pix011197212482404' + '520400005303986540530.005802BR5918VICTOR JULIO ROCHA6006RECIFE62110507VIPSURF6304',
    );
  });

  it('produces a code the library and our parser both accept, with the fields we put in', () => {
    const code = buildPixBrCode(SANDBOX);
    expect(isValidPixPayload(code)).toBe(true);
    const info = getPixPayloadInfo(code);
    expect(info).toMatchObject({ key: SANDBOX.key, merchantName: 'BALCAO SANDBOX', merchantCity: 'SAO PAULO', amount: 123.45, description: 'Pedido BAL-0042' });
    expect(info?.txid).toBe('0b8f6c2e6f4b4c8e9a3e2d1c0');

    const parsed = parsePixBrCode(code);
    expect(parsed).toMatchObject({ ok: true, amountCents: 12_345, key: SANDBOX.key, txid: '0b8f6c2e6f4b4c8e9a3e2d1c0' });
    if (!parsed.ok) throw new Error('unreachable');
    expect(parsed.fields).toMatchObject({ '00': '01', '01': '11', '26.00': 'br.gov.bcb.pix', '26.02': 'Pedido BAL-0042', '52': '0000', '53': '986', '58': 'BR', '59': 'BALCAO SANDBOX', '60': 'SAO PAULO' });
  });

  it('round-trips amounts to the centavo, from R$ 0,01 to the largest', () => {
    for (const cents of [1, 9, 10, 99, 100, 101, 500, 12_345, 100_000, 9_999_999_999, MAX_PIX_CENTS]) {
      const code = buildPixBrCode({ ...SANDBOX, amountCents: cents });
      const parsed = parsePixBrCode(code);
      expect(parsed.ok && parsed.amountCents).toBe(cents);
      expect(getPixPayloadInfo(code)?.amount).toBeCloseTo(cents / 100, 2);
    }
    expect(buildPixBrCode({ ...SANDBOX, amountCents: 5 })).toContain('54040.05');
    expect(buildPixBrCode({ ...SANDBOX, amountCents: MAX_PIX_CENTS })).toContain('54139999999999.99');
  });

  it('folds name and city to uppercase ASCII and cuts them to 25 and 15 characters', () => {
    const code = buildPixBrCode({ ...SANDBOX, merchantName: 'Lojinha da Conceição & Filhos Ltda ME', merchantCity: 'São José dos Campos' });
    const parsed = parsePixBrCode(code);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.fields['59']).toBe('LOJINHA DA CONCEICAO & FI');
    expect(parsed.fields['60']).toBe('SAO JOSE DOS CA');
    expect(parsed.fields['59'].length).toBe(25);
    expect(parsed.fields['60'].length).toBe(15);
  });

  it('never puts a non-ASCII character in the code, so lengths are bytes', () => {
    const code = buildPixBrCode({ ...SANDBOX, merchantName: 'Café 😀 Ñandú', merchantCity: 'Goiânia', description: 'Açaí — 2 tigelas “grandes”' });
    expect(code).toMatch(/^[\x20-\x7e]+$/);
    expect(isValidPixPayload(code)).toBe(true);
    const parsed = parsePixBrCode(code);
    expect(parsed.ok && parsed.fields['59']).toBe('CAFE NANDU');
    expect(parsed.ok && parsed.fields['26.02']).toBe('Acai 2 tigelas grandes');
  });

  it('cuts the description to what the 99-character merchant account template holds', () => {
    const code = buildPixBrCode({ ...SANDBOX, description: 'x'.repeat(200) });
    const parsed = parsePixBrCode(code);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.fields['26'].length).toBe(99);
    expect(parsed.fields['26.01']).toBe(SANDBOX.key);
    expect(isValidPixPayload(code)).toBe(true);
  });

  it('leaves the description out when it is empty, or when the key leaves no room', () => {
    const noDesc = parsePixBrCode(buildPixBrCode({ ...SANDBOX, description: '  ' }));
    expect(noDesc.ok && noDesc.fields['26.02']).toBeUndefined();
    const longKey = 'k'.repeat(77);
    const parsed = parsePixBrCode(buildPixBrCode({ ...SANDBOX, key: longKey, description: 'abc' }));
    expect(parsed.ok && parsed.key).toBe(longKey);
    expect(parsed.ok && parsed.fields['26.02']).toBeUndefined();
  });

  it('writes "***" when the txid has no alphanumerics', () => {
    const parsed = parsePixBrCode(buildPixBrCode({ ...SANDBOX, txid: '---' }));
    expect(parsed.ok && parsed.fields['62.05']).toBe('***');
    expect(parsed.ok && parsed.txid).toBeUndefined();
  });

  it('refuses what would make a wrong or unusable code', () => {
    expect(() => buildPixBrCode({ ...SANDBOX, key: '' })).toThrow(RangeError);
    expect(() => buildPixBrCode({ ...SANDBOX, key: 'a b' })).toThrow(RangeError);
    expect(() => buildPixBrCode({ ...SANDBOX, key: 'ç@x.com' })).toThrow(RangeError);
    expect(() => buildPixBrCode({ ...SANDBOX, key: 'k'.repeat(78) })).toThrow(RangeError);
    expect(() => buildPixBrCode({ ...SANDBOX, amountCents: 0 })).toThrow(RangeError);
    expect(() => buildPixBrCode({ ...SANDBOX, amountCents: -1 })).toThrow(RangeError);
    expect(() => buildPixBrCode({ ...SANDBOX, amountCents: 10.5 })).toThrow(RangeError);
    expect(() => buildPixBrCode({ ...SANDBOX, amountCents: MAX_PIX_CENTS + 1 })).toThrow(RangeError);
    expect(() => buildPixBrCode({ ...SANDBOX, merchantName: '😀' })).toThrow(RangeError);
    expect(() => buildPixBrCode({ ...SANDBOX, merchantCity: ' ' })).toThrow(RangeError);
  });
});

describe('toPixTxid / toPixAscii', () => {
  it('turns a UUID into its first 25 alphanumerics', () => {
    expect(toPixTxid('0b8f6c2e-6f4b-4c8e-9a3e-2d1c0b9a8f7e')).toBe('0b8f6c2e6f4b4c8e9a3e2d1c0');
    expect(toPixTxid('PED42')).toBe('PED42');
    expect(toPixTxid('')).toBe('***');
  });

  it('drops accents and non-ASCII characters', () => {
    expect(toPixAscii('  São   João d’Aliança ')).toBe('Sao Joao dAlianca');
  });
});

describe('parsePixBrCode', () => {
  it.each(PUBLISHED)('accepts a published code, as the library does: %s', (code) => {
    expect(isValidPixPayload(code)).toBe(true);
    expect(parsePixBrCode(code).ok).toBe(true);
  });

  it('reads the BCB manual example', () => {
    const parsed = parsePixBrCode(PUBLISHED[0]);
    expect(parsed).toEqual({
      ok: true,
      key: '123e4567-e12b-12d1-a456-426655440000',
      fields: {
        '00': '01',
        '26': '0014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000',
        '26.00': 'br.gov.bcb.pix',
        '26.01': '123e4567-e12b-12d1-a456-426655440000',
        '52': '0000',
        '53': '986',
        '58': 'BR',
        '59': 'Fulano de Tal',
        '60': 'BRASILIA',
        '62': '0503***',
        '62.05': '***',
        '63': '1D3D',
      },
    });
  });

  it('reads amount and txid of a published code', () => {
    expect(parsePixBrCode(PUBLISHED[2])).toMatchObject({ ok: true, amountCents: 3000, txid: 'VIPSURF', key: '97212482404' });
    expect(parsePixBrCode(PUBLISHED[3])).toMatchObject({ ok: true, amountCents: 100, txid: 'LOJA01', key: '12345678900' });
  });

  it('reads a dynamic code (URL, no key)', () => {
    const parsed = parsePixBrCode(PUBLISHED[1]);
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.key).toBeUndefined();
    expect(parsed.ok && parsed.fields['26.25']).toBe('pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99');
  });

  it('ignores whitespace around the code (a paste) and accepts a lowercase CRC', () => {
    expect(parsePixBrCode(`  ${PUBLISHED[0]}\n`).ok).toBe(true);
    const code = buildPixBrCode(SANDBOX);
    const lower = code.slice(0, -4) + code.slice(-4).toLowerCase();
    expect(parsePixBrCode(lower).ok).toBe(true);
  });

  it('rejects a code whose CRC does not match, after any single-character change', () => {
    const code = buildPixBrCode(SANDBOX);
    const amountAt = code.indexOf('5406123.45') + 4;
    const tampered = code.slice(0, amountAt) + '923.45' + code.slice(amountAt + 6);
    expect(parsePixBrCode(tampered)).toEqual({ ok: false, reason: 'CRC does not match' });
    expect(isValidPixPayload(tampered)).toBe(false);
    for (let i = 0; i < code.length; i++) {
      const c = code[i] === '1' ? '2' : '1';
      const changed = code.slice(0, i) + c + code.slice(i + 1);
      const parsed = parsePixBrCode(changed);
      expect(parsed.ok, `change at ${i}`).toBe(false);
    }
  });

  it('rejects malformed structures with a reason', () => {
    const withCrc = (body: string) => body + '6304' + crc16ccitt(body + '6304');
    const base = '000201' + '26300014br.gov.bcb.pix0108a@b.c.de' + '52040000' + '5303986' + '5802BR' + '5901N' + '6001C' + '62070503***';
    expect(parsePixBrCode(withCrc(base)).ok).toBe(true);
    const cases: [string, string][] = [
      ['', 'empty code'],
      ['hello', 'code does not start with payload format 01'],
      ['000201', 'code does not end with a CRC field (6304)'],
      [withCrc(base + '5910TOO SHORT'), 'malformed TLV structure'],
      [withCrc(base.replace('5303986', '5303840')), 'currency (53) is not 986'],
      [withCrc(base.replace('5802BR', '5802US')), 'country (58) is not BR'],
      [withCrc(base.replace('5901N', '')), 'missing merchant name (59)'],
      [withCrc(base.replace('6001C', '')), 'missing merchant city (60)'],
      [withCrc(base.replace('52040000', '')), 'missing merchant category code (52)'],
      [withCrc(base.replace('br.gov.bcb.pix', 'com.example.px')), 'no merchant account template with GUI br.gov.bcb.pix'],
      [withCrc(base.replace('26300014br.gov.bcb.pix0108a@b.c.de', '26180014br.gov.bcb.pix')), 'merchant account has neither a key nor a URL'],
      [withCrc(base + '54041,00'), 'malformed amount (54)'],
      [withCrc(base + '5303986'), 'field 53 appears twice'],
      [withCrc(base.replace('000201', '000201010213')), 'point of initiation must be 11 or 12'],
      [withCrc(base.replace('62070503***', '62080504a-bc')), 'malformed txid (62.05)'],
      [withCrc(base.replace('62070503***', '62070599***')), 'malformed template 62'],
      [`${base}6304ZZZZ`, 'CRC does not match'],
      ['000201é6304ABCD', 'code has characters outside printable ASCII'],
    ];
    for (const [code, reason] of cases) expect(parsePixBrCode(code), code).toEqual({ ok: false, reason });
  });

  it('agrees with the library on random round trips', () => {
    let seed = 42;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 200; i++) {
      const cents = 1 + Math.floor(rnd() * 10_000_000);
      const txid = Math.floor(rnd() * 1e12).toString(36);
      const code = buildPixBrCode({ ...SANDBOX, amountCents: cents, txid });
      expect(isValidPixPayload(code)).toBe(true);
      expect(parsePixBrCode(code)).toMatchObject({ ok: true, amountCents: cents, txid });
    }
  });
});
