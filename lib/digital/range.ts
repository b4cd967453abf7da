/**
 * HTTP range requests on a digital file (RFC 9110 §14): a phone's video player seeks, and a
 * download manager resumes, by asking for a byte range. One range is served (206 with
 * Content-Range); a header asking for several, or for another unit, or not well formed, is
 * ignored and the whole file is sent (200), as the RFC allows. A well-formed range that starts
 * past the end answers 416 with `Content-Range: bytes *\/<size>`. Pure.
 */

export type RangeAnswer = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const ONE_RANGE = /^bytes[ \t]*=[ \t]*(?:(\d{1,15})[ \t]*-[ \t]*(\d{0,15})|-[ \t]*(\d{1,15}))[ \t]*$/i;

/** The part of a file of `size` bytes that a `Range` header asks for (end inclusive). */
export function rangeOf(header: string | null, size: number): RangeAnswer {
  if (!header) return { kind: 'full' };
  const m = ONE_RANGE.exec(header.trim());
  if (!m) return { kind: 'full' };
  if (m[3] !== undefined) {
    // The last N bytes; a suffix longer than the file is the whole file.
    const length = Number(m[3]);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? Infinity : Number(m[2]);
  if (last < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(last, size - 1) };
}

/**
 * Whether a request's `If-Range` still allows a partial answer: absent, or naming this file's
 * strong ETag, or its exact Last-Modified date. Otherwise the file changed since the first
 * part was fetched and the whole file is sent.
 */
export function ifRangeAllows(ifRange: string | null, validators: { etag: string; lastModified: string }): boolean {
  if (ifRange === null) return true;
  const value = ifRange.trim();
  if (value.startsWith('W/')) return false;
  if (value.startsWith('"')) return value === validators.etag;
  return value === validators.lastModified;
}

export function contentRange(r: { start: number; end: number }, size: number): string {
  return `bytes ${r.start}-${r.end}/${size}`;
}
