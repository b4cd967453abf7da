import { createCarrierSandbox, handleCarrierCall } from '@balcao/shipping-sandbox';

/** The client against the embedded sandbox (its handler behind a fetch). */
export function sandboxFetch(sb = createCarrierSandbox()): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    const u = new URL(url);
    const path = u.pathname.replace(/^\/+/, '').split('/');
    const r = await handleCarrierCall(sb, { method: init.method ?? 'GET', path, authorization: (init.headers as Record<string, string>).Authorization ?? null, body: init.body ? JSON.parse(String(init.body)) : undefined, baseUrl: u.origin });
    return r.bytes ? new Response(Buffer.from(r.bytes), { status: r.status }) : new Response(JSON.stringify(r.json), { status: r.status });
  }) as unknown as typeof fetch;
}

