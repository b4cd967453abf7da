/**
 * Tests: a real SMTP server (smtp-server) on 127.0.0.1 with an ephemeral port, whose received
 * messages are parsed with mailparser. `behaviour` decides each recipient's answer, so tests
 * can make the relay refuse (4xx/5xx), stall (timeouts) or accept.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type Received = { parsed: ParsedMail; raw: Buffer; envelopeTo: string[] };

export type TestSmtp = {
  url: string;
  port: number;
  received: Received[];
  /** Answer for the next RCPT TO: undefined accepts; { code, message } refuses. */
  behaviour: { rcpt?: (address: string) => { code: number; message: string } | undefined; dataDelayMs?: number };
  close(): Promise<void>;
};

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: Received[] = [];
  const behaviour: TestSmtp['behaviour'] = {};
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onRcptTo(address, _session, callback) {
      const refuse = behaviour.rcpt?.(address.address);
      if (!refuse) return callback();
      const err = new Error(refuse.message) as Error & { responseCode: number };
      err.responseCode = refuse.code;
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks);
        const parsed = await simpleParser(raw, { skipImageLinks: true });
        const done = () => {
          received.push({ parsed, raw, envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
          callback();
        };
        if (behaviour.dataDelayMs) setTimeout(done, behaviour.dataDelayMs);
        else done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    behaviour,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
