/**
 * What a page's largest paint waited for, read from one Chromium trace of a cold load: the
 * figures behind Lighthouse's simulated LCP on loopback. Lighthouse replays on slow 4G every
 * request that finished before the real load's largest paint, and every main-thread task that
 * started before it at 4× their length; so what counts is how long the renderer worked between
 * the document and its largest paint, and how many script chunks had finished by then.
 */

/** The fields of a Chromium trace event this reads. */
export type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { data?: Record<string, unknown> } };

export type FirstFrame = {
  /** Largest paint after the document's request was sent, ms. */
  lcpMs: number;
  /** Largest paint after the document's last byte, ms (negative: painted from a partial document). */
  lcpAfterDocumentMs: number;
  /** The renderer's main thread: time in tasks between the document's request and the largest paint, ms. */
  mainThreadMs: number;
  /** Font lookups (FontCache::GetFontPlatformData) before the largest paint; each asks the browser process for a font. */
  fontLookups: number;
  /** Script chunks (/_next/static/chunks/) finished before the largest paint, of those requested. */
  chunksBefore: number;
  chunks: number;
};

const ms = (us: number) => us / 1000;

/** Null when the trace has no largest paint or no request for `documentUrl`. */
export function firstFrame(events: TraceEvent[], documentUrl: string): FirstFrame | null {
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1);
  const sends = events.filter((e) => e.name === 'ResourceSendRequest');
  const finishes = new Map(events.filter((e) => e.name === 'ResourceFinish').map((e) => [e.args?.data?.requestId, e.ts]));
  const doc = sends.find((e) => e.args?.data?.url === documentUrl);
  const docEnd = doc ? finishes.get(doc.args?.data?.requestId) : undefined;
  if (!lcp || !doc || docEnd === undefined) return null;
  // The renderer's main thread is the one that laid the page out.
  const layout = events.find((e) => (e.name === 'Layout' || e.name === 'UpdateLayoutTree') && e.ts >= doc.ts);
  const between = (e: TraceEvent) => e.ts >= doc.ts && e.ts < lcp.ts;
  const mainThreadUs = layout
    ? events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === layout.pid && e.tid === layout.tid && between(e)).reduce((sum, e) => sum + (e.dur ?? 0), 0)
    : 0;
  const chunkEnds = sends.filter((e) => /\/_next\/static\/chunks\//.test(String(e.args?.data?.url))).map((e) => finishes.get(e.args?.data?.requestId) ?? Infinity);
  return {
    lcpMs: ms(lcp.ts - doc.ts),
    lcpAfterDocumentMs: ms(lcp.ts - docEnd),
    mainThreadMs: ms(mainThreadUs),
    fontLookups: events.filter((e) => e.name === 'FontCache::GetFontPlatformData' && between(e)).length,
    chunksBefore: chunkEnds.filter((t) => t <= lcp.ts).length,
    chunks: chunkEnds.length,
  };
}

/** The trace categories `firstFrame` needs. */
export const FIRST_FRAME_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'toplevel', 'fonts'];
