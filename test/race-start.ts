/**
 * The worker's side of a race (raceWorkers, test/worker-process.ts). Call it once the worker is
 * loaded and connected: it says "ready", waits for the "go <instant>" line that every worker gets
 * once all are ready, then spins to that instant (a few milliseconds ahead), so that every
 * process leaves within a millisecond of the others however late its stdin woke it.
 */
export async function readyForTheStart(): Promise<void> {
  process.stdout.write('ready\n');
  const line = await new Promise<string>((resolve) => process.stdin.once('data', (chunk) => resolve(String(chunk))));
  const startAt = Number(/^go (\d+)/.exec(line)?.[1] ?? 0);
  while (Date.now() < startAt) {
    /* spin */
  }
}
