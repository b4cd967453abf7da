import { describe, expect, it } from 'vitest';
import { readBodyCapped } from './read-body';

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
      c.close();
    },
  });
const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('http://localhost/x', { method: 'POST', body, headers, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);

describe('readBodyCapped', () => {
  it('the bytes sent, with or without a declared length', async () => {
    expect(new TextDecoder().decode((await readBodyCapped(post('olá'), 10)) as Uint8Array)).toBe('olá');
    expect(new TextDecoder().decode((await readBodyCapped(post(streamOf('ab', 'cd')), 4)) as Uint8Array)).toBe('abcd');
    expect(await readBodyCapped(new Request('http://localhost/x'), 4)).toEqual(new Uint8Array());
  });

  it('too large by the declared length (nothing read) or by the bytes actually sent', async () => {
    let pulled = false;
    const lazy = new ReadableStream<Uint8Array>({ pull() { pulled = true; } }, { highWaterMark: 0 });
    expect(await readBodyCapped(post(lazy, { 'content-length': '11' }), 10)).toBe('too_large');
    expect(pulled).toBe(false);
    expect(await readBodyCapped(post(streamOf('abc', 'def')), 5)).toBe('too_large');
  });
});
