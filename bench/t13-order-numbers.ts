/**
 * T13 — sequential order numbers (#1001, #1002 …) under T7's concurrent checkouts, with one
 * server process and with two on the same SQLite files: no SQLITE_BUSY, no duplicate, no gap.
 * The numbers come from a counter row bumped inside each order's own transaction
 * (lib/checkout/order-number.ts). It reads T7's rounds when T7 ran in the same run; alone
 * (--only=T13) it runs those rounds itself.
 */
import type { BenchContext } from './lib/context';
import type { TargetResult } from './lib/report';
import { lastT7Rounds, runT7 } from './t7-write-throughput';

export const T13 = { id: 'T13', title: 'order numbers under concurrent checkouts (1 and 2 processes)', target: '0 SQLITE_BUSY, no gap or duplicate' };

export async function runT13(ctx: BenchContext): Promise<TargetResult> {
  if (!lastT7Rounds) await runT7(ctx);
  const rounds = lastT7Rounds ?? [];
  const line = (r: (typeof rounds)[number]) =>
    `${r.processes} process${r.processes > 1 ? 'es' : ''}: ${r.numbers.count}/${r.total} numbered #${r.numbers.first}–#${r.numbers.last}, ${r.numbers.duplicates} duplicate, ${r.numbers.gaps} gap, SQLITE_BUSY ${r.busyInLog + r.busyInAnswers}`;
  const pass =
    rounds.length === 2 &&
    rounds.every((r) => r.numbers.count === r.total && r.numbers.duplicates === 0 && r.numbers.gaps === 0 && r.busyInLog + r.busyInAnswers === 0);
  return { ...T13, headline: `${rounds[0]?.concurrency ?? '?'} concurrent checkouts — ${rounds.map(line).join('; ')}`, verdict: pass ? 'pass' : 'fail', details: { numbers: rounds.map((r) => ({ processes: r.processes, ...r.numbers })) } };
}
