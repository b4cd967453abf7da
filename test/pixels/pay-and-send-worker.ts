/**
 * Another server instance, for lib/pixels/pixels.test.ts (started by raceWorkers): pays the
 * payment as a webhook would, then runs the pixel sender over and over (test/pay-and-send.ts;
 * META_GRAPH_URL / GA4_COLLECT_URL come from the environment).
 * Prints one JSON line: {"passes": n}.
 * Run: node --conditions=react-server --import tsx pay-and-send-worker.ts <payment id> <ms>
 */
import { runPixelSenderOnce } from '@/lib/pixels/sender';
import { runPayAndSendWorker } from '@/test/pay-and-send';

runPayAndSendWorker(runPixelSenderOnce);
