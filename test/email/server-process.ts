/**
 * Tests (crash.test.ts): the server's start-up (lib/startup/start-server.ts: migrations, seed, the
 * background workers) in a process of its own, without Next's HTTP part, so a test can kill
 * it with SIGKILL and start it again. Run with `tsx --conditions=react-server`.
 * CRASH_TEST_LEASE_MS shortens the outbox lease so the restart does not wait two minutes.
 */
import { startOutboxWorker } from '@/lib/email/worker';
import { startServer } from '@/lib/startup/start-server';

const leaseMs = Number(process.env.CRASH_TEST_LEASE_MS ?? 1500);
startOutboxWorker({ leaseMs, intervalMs: 200 });
startServer().then(() => process.stdout.write('ready\n'));
// Next's HTTP server keeps a real server process alive; the workers' timers are unref'd.
setInterval(() => undefined, 60_000);
