import { describe, expect, it } from 'vitest';
import { checkServerActionBody, checkServerActionHeaders, SERVER_ACTION_BODY_LIMIT_BYTES } from './action-request';

const enc = (s: string) => new TextEncoder().encode(s);
const MULTIPART = 'multipart/form-data; boundary=----x1';
const goodMultipart = '------x1\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n------x1--\r\n';

describe('server action requests', () => {
  it('413 for a declared or read body over the limit', () => {
    expect(checkServerActionHeaders('text/plain', String(SERVER_ACTION_BODY_LIMIT_BYTES + 1))).toMatchObject({ ok: false, status: 413 });
    expect(checkServerActionBody('text/plain', new Uint8Array(SERVER_ACTION_BODY_LIMIT_BYTES + 1))).toMatchObject({ ok: false, status: 413 });
    expect(checkServerActionHeaders('text/plain', '100')).toEqual({ ok: true });
  });

  it('400 for a body no action can decode', () => {
    expect(checkServerActionHeaders('application/json', null)).toMatchObject({ ok: false, status: 400 });
    expect(checkServerActionHeaders(null, null)).toMatchObject({ ok: false, status: 400 });
    expect(checkServerActionHeaders('multipart/form-data', null)).toMatchObject({ ok: false, status: 400 });
    expect(checkServerActionBody('text/plain;charset=UTF-8', enc('{{{ not json'))).toMatchObject({ ok: false, status: 400 });
    expect(checkServerActionBody('text/plain', new Uint8Array([0xff, 0xfe, 0x22]))).toMatchObject({ ok: false, status: 400 });
    expect(checkServerActionBody(MULTIPART, enc('garbage'))).toMatchObject({ ok: false, status: 400 });
    expect(checkServerActionBody(MULTIPART, enc('------x1\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'))).toMatchObject({ ok: false, status: 400 });
  });

  it('accepts what React and browsers send', () => {
    expect(checkServerActionBody('text/plain;charset=UTF-8', enc('["$K1",{"a":1}]'))).toEqual({ ok: true });
    expect(checkServerActionBody(MULTIPART, enc(goodMultipart))).toEqual({ ok: true });
    expect(checkServerActionBody('multipart/form-data; boundary="----x1"', enc(goodMultipart))).toEqual({ ok: true });
    expect(checkServerActionBody('application/x-www-form-urlencoded', enc('a=1&b=%20'))).toEqual({ ok: true });
    expect(checkServerActionHeaders('application/x-www-form-urlencoded; charset=utf-8', '9')).toEqual({ ok: true });
  });
});

describe('the limit agrees with next.config.mjs', () => {
  it('serverActions.bodySizeLimit is SERVER_ACTION_BODY_LIMIT_BYTES (change both together)', async () => {
    const file = new URL('../../next.config.mjs', import.meta.url).href;
    const config = ((await import(/* @vite-ignore */ file)) as { default: { experimental: { serverActions: { bodySizeLimit: string } } } }).default;
    const m = /^(\d+)mb$/i.exec(config.experimental.serverActions.bodySizeLimit);
    expect(m).toBeTruthy();
    expect(Number(m![1]) * 1024 * 1024).toBe(SERVER_ACTION_BODY_LIMIT_BYTES);
  });
});
