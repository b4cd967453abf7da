/**
 * T16 — what the saved checkout (lib/checkout/drafts, issue 45) costs the checkout form POST:
 * p95 with a draft vs without, target ≤ 1.05×.
 *
 * One server, the same cart, interleaved request by request (A B, B A, …) in rounds, so both
 * sides see the same database and the same machine load:
 * - with: the shopper's browser has its draft cookie (the proxy gives it with the checkout page)
 *   and an open draft (made, untimed, by a first submit without the CPF: the checkout without
 *   JavaScript saves on each submit). The timed POST places the order and converts the draft
 *   (finding the browser's draft, the order by its token, one conditional UPDATE).
 * - without: no draft cookie, as a checkout before this feature: the action does no draft work.
 *   It makes the same untimed refused submit first, so both sides load the server alike.
 * Per round the p95 of each side; the verdict is the median over rounds of the p95 ratio.
 * Afterwards the drafts table shows every "with" checkout converted its draft and none is left open.
 */
import { randomBytes } from 'node:crypto';
import { withDb } from './lib/app-db';
import type { BenchContext } from './lib/context';
import { fmtMs, fmtRatio, type TargetResult } from './lib/report';
import { CART_COOKIE, checkoutBody, fetchCheckoutForm } from './lib/shop';
import { median, percentile, round, summarize } from './lib/stats';

export const T16 = { id: 'T16', title: 'checkout POST with the saved checkout (a draft converted) vs without', target: '≤ 1.05× (p95)' };

const post = (base: string, body: FormData, cookie: string) =>
  fetch(`${base}/checkout`, { method: 'POST', body, redirect: 'manual', headers: { cookie, origin: base, accept: 'text/html' } });

export async function runT16(ctx: BenchContext): Promise<TargetResult> {
  const { quick, log, server } = ctx;
  const base = server.url;
  const rounds = quick ? 2 : 5;
  const perRound = quick ? 12 : 30;
  const failures: string[] = [];
  let n = 0;

  const one = async (withDraft: boolean): Promise<number> => {
    const cookie = withDraft ? `${CART_COOKIE}; balcao_draft=${randomBytes(32).toString('base64url')}` : CART_COOKIE;
    const buyer = { name: 'Maria da Silva', email: `t16-${n++}-${withDraft ? 'com' : 'sem'}@example.com` };
    // Untimed: a submit without the CPF (refused; with the cookie it saves the draft), then a fresh form.
    const first = await fetchCheckoutForm(base);
    const refused = checkoutBody('pix', first.hidden, buyer);
    refused.delete('document');
    await (await post(base, refused, cookie)).text();
    const form = await fetchCheckoutForm(base);
    const body = checkoutBody('pix', form.hidden, buyer);
    const t = performance.now();
    const r = await post(base, body, cookie);
    await r.text();
    const ms = performance.now() - t;
    if (!(r.status >= 300 && r.status < 400 && /\/orders\//.test(r.headers.get('location') ?? ''))) failures.push(`${withDraft ? 'with' : 'without'}: checkout → ${r.status}`);
    return ms;
  };

  for (let i = 0; i < 5; i++) {
    await one(true);
    await one(false);
  }
  failures.length = 0;
  const drafts = () =>
    withDb(server.appDbPath, (db) => db.prepare("SELECT status, count(*) AS n FROM checkout_drafts WHERE email LIKE 't16-%' GROUP BY status").all() as { status: string; n: number }[]);
  log(`T16: ${rounds} rounds × ${perRound} checkouts per side, alternating`);
  const perRoundFigures: { with: number; without: number; ratio: number }[] = [];
  const all = { with: [] as number[], without: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < perRound; i++) {
      if ((r + i) % 2 === 0) {
        a.push(await one(true));
        b.push(await one(false));
      } else {
        b.push(await one(false));
        a.push(await one(true));
      }
    }
    all.with.push(...a);
    all.without.push(...b);
    perRoundFigures.push({ with: round(percentile(a, 95), 1), without: round(percentile(b, 95), 1), ratio: round(percentile(a, 95) / percentile(b, 95), 3) });
  }
  const byStatus = Object.fromEntries(drafts().map((d) => [d.status, Number(d.n)]));
  const withCount = 5 + rounds * perRound;
  const ratio = median(perRoundFigures.map((x) => x.ratio));
  const sWith = summarize(all.with);
  const sWithout = summarize(all.without);
  // The switch must have done what it says: every "with" checkout converted its draft; "without" made none.
  const switchOk = (byStatus.converted ?? 0) === withCount && !byStatus.open;
  const pass = ratio <= 1.05 && failures.length === 0 && switchOk;
  return {
    ...T16,
    headline:
      `${fmtRatio(ratio)} (median of ${rounds} rounds' p95 ratios; all ${rounds * perRound} each: p95 ${fmtMs(sWith.p95)} vs ${fmtMs(sWithout.p95)} = ${fmtRatio(sWith.p95 / sWithout.p95)}, ` +
      `p50 ${fmtMs(sWith.p50)} vs ${fmtMs(sWithout.p50)} = ${fmtRatio(sWith.p50 / sWithout.p50)}); drafts converted ${byStatus.converted ?? 0}/${withCount}, open ${byStatus.open ?? 0}`,
    verdict: pass ? 'pass' : 'fail',
    details: { rounds: perRoundFigures, perRound, with: sWith, without: sWithout, medianRatioP95: ratio, drafts: byStatus, failures: failures.slice(0, 10) },
    notes: [
      ...(failures.length ? [`${failures.length} failed checkouts: ${failures[0]}`] : []),
      ...(switchOk ? [] : [`the draft switch did not hold: ${JSON.stringify(byStatus)} (expected ${withCount} converted, none open)`]),
    ],
  };
}
