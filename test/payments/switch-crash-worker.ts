/**
 * A server process that dies in the middle of "Pagar com Pix agora", for attempts.test.ts and
 * chaos.test.ts: it switches the order through the real switchToPix against the sandbox at
 * <sandboxUrl>, and is SIGKILLed by its own provider client the moment the Pix create is about
 * to be sent — after the boleto's DELETE went out, before any Pix exists. Prints nothing when it
 * dies there (the test reads the database); a JSON line if it got through.
 * Run: node --conditions=react-server --import tsx switch-crash-worker.ts <sandboxUrl> <orderToken>
 */
import { startProcessContext } from '@/lib/process/context';
import { database } from '@/db';
import { createPaymentProvider } from '@/lib/payment-provider/client';
import { paymentProvider } from '@/lib/payments/provider';
import { switchToPix } from '@/lib/payments/attempts';

async function main() {
  const [sandboxUrl, token] = process.argv.slice(2);
  const client = createPaymentProvider({ baseUrl: `${sandboxUrl}/api/sandbox`, apiKey: 'sk_sandbox_dev' });
  const dying = {
    ...client,
    async createPix() {
      process.kill(process.pid, 'SIGKILL');
      return new Promise<never>(() => undefined);
    },
  };
  startProcessContext([paymentProvider.provide(dying)]);
  const result = await switchToPix(token);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify({ ok: false, error: 'crash', message: String(e) })}\n`);
  process.exit(1);
});
