/**
 * Another server instance, for lib/push/push.test.ts (started by raceWorkers): pays the payment
 * as a webhook would, then runs the push sender over and over (test/pay-and-send.ts).
 * Prints one JSON line: {"passes": n}.
 * Run: node --conditions=react-server --import tsx pay-and-push-worker.ts <payment id> <ms>
 */
import { runPushSenderOnce } from '@/lib/push/sender';
import { runPayAndSendWorker } from '@/test/pay-and-send';

runPayAndSendWorker(runPushSenderOnce);
