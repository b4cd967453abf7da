/**
 * The figures behind the simulated LCP, from a trace: the main thread is the one that laid the
 * page out (not the browser's, not a raster worker's), and a chunk counts when it finished
 * before the largest paint.
 */
import { describe, expect, it } from 'vitest';
import { firstFrame, type TraceEvent } from './first-frame';

const DOC = 'http://127.0.0.1:3270/products/x';
const ev = (name: string, ts: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({ name, ph: 'I', ts: ts * 1000, pid: 2, tid: 1, ...extra });
const send = (id: string, url: string, ts: number) => ev('ResourceSendRequest', ts, { args: { data: { requestId: id, url } } });
const finish = (id: string, ts: number) => ev('ResourceFinish', ts, { args: { data: { requestId: id } } });
const task = (ts: number, dur: number, tid = 1, pid = 2) => ev('RunTask', ts, { ph: 'X', dur: dur * 1000, tid, pid });

function trace(): TraceEvent[] {
  return [
    send('d', DOC, 100),
    send('c1', 'http://127.0.0.1:3270/_next/static/chunks/a.js', 110),
    send('c2', 'http://127.0.0.1:3270/_next/static/chunks/b.js', 111),
    send('i', 'http://127.0.0.1:3270/icon.svg', 112),
    finish('d', 200),
    finish('c1', 210),
    finish('c2', 400),
    finish('i', 220),
    task(150, 20), // the renderer's main thread
    ev('Layout', 230, { ph: 'X', dur: 10_000 }),
    task(225, 30),
    task(150, 90, 7), // another thread: not counted
    task(90, 5), // before the document's request: not counted
    task(360, 50), // after the paint: not counted
    ev('FontCache::GetFontPlatformData', 232),
    ev('FontCache::GetFontPlatformData', 234),
    ev('FontCache::GetFontPlatformData', 500),
    ev('largestContentfulPaint::Candidate', 280),
    ev('largestContentfulPaint::Candidate', 350),
  ];
}

describe('firstFrame', () => {
  it('times the last largest paint from the document, counts the main thread, the fonts and the chunks before it', () => {
    expect(firstFrame(trace(), DOC)).toEqual({ lcpMs: 250, lcpAfterDocumentMs: 150, mainThreadMs: 50, fontLookups: 2, chunksBefore: 1, chunks: 2 });
  });

  it('says a paint from a partial document as a negative time after it', () => {
    const events = trace().map((e) => (e.name === 'ResourceFinish' && e.args?.data?.requestId === 'd' ? { ...e, ts: 380_000 } : e));
    expect(firstFrame(events, DOC)?.lcpAfterDocumentMs).toBe(-30);
  });

  it('gives nothing for a trace without a largest paint or without the document', () => {
    expect(firstFrame(trace().filter((e) => e.name !== 'largestContentfulPaint::Candidate'), DOC)).toBeNull();
    expect(firstFrame(trace(), 'http://127.0.0.1:3270/other')).toBeNull();
  });
});
