/**
 * A sandbox call's JSON body (the WhatsApp and Melhor Envio emulators): nothing for a GET or an
 * empty body, 'too_large' past `max` bytes, 'invalid' when it is not JSON. Each route answers
 * the problem in its own API's error shape.
 */
import { readBodyCapped } from '@balcao/server-kit/read-body';

export async function sandboxJsonBody(req: Request, max: number): Promise<{ ok: true; body: unknown } | { ok: false; problem: 'too_large' | 'invalid' }> {
  const raw = req.method === 'GET' ? new Uint8Array() : await readBodyCapped(req, max);
  if (raw === 'too_large') return { ok: false, problem: 'too_large' };
  const text = new TextDecoder().decode(raw);
  try {
    return { ok: true, body: text ? JSON.parse(text) : undefined };
  } catch {
    return { ok: false, problem: 'invalid' };
  }
}
