/**
 * The sandboxes' JSON body (WhatsApp, Melhor Envio): a GET and an empty body carry nothing, a
 * body past the cap is refused before it is parsed, and text that is not JSON is said so.
 */
import { describe, expect, it } from 'vitest';
import { sandboxJsonBody } from './json-body';

const post = (body: string, headers: Record<string, string> = {}) => new Request('http://localhost/api/sandbox/x', { method: 'POST', body, headers });

describe('sandboxJsonBody', () => {
  it('reads a JSON body', async () => {
    expect(await sandboxJsonBody(post('{"to":"5511999990000"}'), 1024)).toEqual({ ok: true, body: { to: '5511999990000' } });
  });

  it('a GET and an empty POST carry no body', async () => {
    expect(await sandboxJsonBody(new Request('http://localhost/api/sandbox/x'), 1024)).toEqual({ ok: true, body: undefined });
    expect(await sandboxJsonBody(post(''), 1024)).toEqual({ ok: true, body: undefined });
  });

  it('refuses a body past the cap, declared or sent', async () => {
    expect(await sandboxJsonBody(post('{"a":1}', { 'content-length': '2048' }), 1024)).toEqual({ ok: false, problem: 'too_large' });
    expect(await sandboxJsonBody(post(JSON.stringify({ text: 'x'.repeat(2048) })), 1024)).toEqual({ ok: false, problem: 'too_large' });
  });

  it('says when the body is not JSON', async () => {
    expect(await sandboxJsonBody(post('{not json'), 1024)).toEqual({ ok: false, problem: 'invalid' });
  });
});
