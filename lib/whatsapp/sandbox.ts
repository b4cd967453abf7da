/**
 * The process's embedded WhatsApp sandbox (@balcao/whatsapp-sandbox): its SQLite file beside the
 * payment sandbox's database, its clock the shop's (the payment sandbox's, so moving that clock
 * moves the ticks too), its webhook deliveries handed to this app's own webhook intake in process
 * (signed as Meta signs them, checked as Meta's are), and a fetch that answers from it without a
 * network hop.
 */
import 'server-only';
import path from 'node:path';
import { closeWhatsappSandbox, createWhatsappSandbox, handleWhatsappCall, tick, type WhatsappSandbox } from '@balcao/whatsapp-sandbox';
import { env } from '@/lib/config/env';
import { shopNow } from '@/lib/embedded-provider/clock';
import { processSlot } from '@/lib/process/context';
import { EMBEDDED_WHATSAPP_PATH, sandboxCredentials } from './settings';
import { handleWhatsappWebhookPost } from './webhook';

/** The sandbox's own file; memory when the payment sandbox's database is itself in memory. */
export function whatsappSandboxFile(sandboxDatabaseUrl: string): string {
  const p = sandboxDatabaseUrl.replace(/^file:(\/\/)?/, '');
  if (!p || p.startsWith(':memory:') || /^[a-z]+:\/\//i.test(sandboxDatabaseUrl)) return ':memory:';
  return path.join(path.dirname(path.resolve(p)), 'whatsapp-sandbox.db');
}

type Open = { signature: string; sb: WhatsappSandbox };
const current = processSlot<Open>('whatsapp.sandbox', { close: (open) => closeWhatsappSandbox(open.sb) });

export function whatsappSandbox(): WhatsappSandbox {
  const e = env();
  const creds = sandboxCredentials();
  const file = whatsappSandboxFile(e.sandboxDatabaseUrl);
  const signature = JSON.stringify([file, e.sandboxApiKeys, creds.appSecret]);
  const open = current.get();
  if (open && open.signature === signature && open.sb.db.open) return open.sb;
  if (open) closeWhatsappSandbox(open.sb);
  const sb = createWhatsappSandbox({
    file,
    now: shopNow,
    tokens: e.sandboxApiKeys,
    appSecret: creds.appSecret,
    // The app's own intake, as Meta's POST reaches it: the signature checked on the raw body first.
    deliver: async (raw, sig) => (await handleWhatsappWebhookPost(new TextEncoder().encode(raw), sig)).status,
  });
  current.set({ signature, sb });
  return sb;
}

/** A fetch answered by the embedded sandbox; the client's timeout holds as over the network. */
export function inProcessFetch(sb: WhatsappSandbox): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const rel = url.pathname.startsWith(EMBEDDED_WHATSAPP_PATH) ? url.pathname.slice(EMBEDDED_WHATSAPP_PATH.length) : url.pathname;
    const signal = init?.signal;
    const answer = handleWhatsappCall(sb, {
      method: init?.method ?? 'GET',
      path: rel.replace(/^\/+/, '').split('/').filter(Boolean),
      authorization: (init?.headers as Record<string, string> | undefined)?.Authorization ?? null,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const reply = signal
      ? await Promise.race([
          answer,
          new Promise<never>((_, reject) => {
            if (signal.aborted) reject(signal.reason);
            signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          }),
        ])
      : await answer;
    return new Response(JSON.stringify(reply.json ?? null), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
}

/** One sandbox tick (statuses that fell due, webhook deliveries), when the sandbox is on: before each pass of the WhatsApp worker (lib/jobs/jobs.ts). */
export async function tickWhatsappSandbox(): Promise<void> {
  if (!env().sandboxEnabled) return;
  await tick(whatsappSandbox());
}
