import { describe, expect, it } from 'vitest';
import { contentRange, ifRangeAllows, rangeOf } from './range';

describe('a Range header on a file of 1000 bytes', () => {
  it('no header, another unit, several ranges or a malformed one: the whole file', () => {
    for (const h of [null, '', 'items=0-1', 'bytes=0-1,5-9', 'bytes=abc', 'bytes=5-2', 'bytes=--1', 'bytes 0-1', 'bytes=1-2-3']) expect(rangeOf(h, 1000)).toEqual({ kind: 'full' });
  });

  it('first-last, open-ended and suffix ranges, clamped to the end', () => {
    expect(rangeOf('bytes=0-0', 1000)).toEqual({ kind: 'partial', start: 0, end: 0 });
    expect(rangeOf('bytes=0-', 1000)).toEqual({ kind: 'partial', start: 0, end: 999 });
    expect(rangeOf('bytes=500-', 1000)).toEqual({ kind: 'partial', start: 500, end: 999 });
    expect(rangeOf('bytes=100-199', 1000)).toEqual({ kind: 'partial', start: 100, end: 199 });
    expect(rangeOf('bytes=900-5000', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(rangeOf('bytes=-100', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(rangeOf('bytes=-5000', 1000)).toEqual({ kind: 'partial', start: 0, end: 999 });
    expect(rangeOf('Bytes = 10 - 19', 1000)).toEqual({ kind: 'partial', start: 10, end: 19 });
  });

  it('unsatisfiable: starting at or past the end, or an empty suffix', () => {
    expect(rangeOf('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(rangeOf('bytes=1000-2000', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(rangeOf('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
  });

  it('Content-Range names the part and the whole', () => {
    expect(contentRange({ start: 100, end: 199 }, 1000)).toBe('bytes 100-199/1000');
  });
});

describe('If-Range', () => {
  const v = { etag: '"f7-1000"', lastModified: 'Fri, 27 Nov 2026 10:00:00 GMT' };
  it('absent, the same strong ETag or the same date: the range is served', () => {
    expect(ifRangeAllows(null, v)).toBe(true);
    expect(ifRangeAllows('"f7-1000"', v)).toBe(true);
    expect(ifRangeAllows('Fri, 27 Nov 2026 10:00:00 GMT', v)).toBe(true);
  });
  it('another ETag, a weak one or another date: the whole file instead', () => {
    expect(ifRangeAllows('"f8-1000"', v)).toBe(false);
    expect(ifRangeAllows('W/"f7-1000"', v)).toBe(false);
    expect(ifRangeAllows('Fri, 27 Nov 2026 09:00:00 GMT', v)).toBe(false);
  });
});
