/**
 * Who may reach the embedded carrier sandbox over HTTP (/api/sandbox/melhorenvio). The app calls
 * it in process (lib/shipping/carrier.ts), so HTTP is for tests, demos and curious developers.
 * In development everything stays open, so tests can drive it. In a public demo (env().publicDemo):
 * - the Melhor Envio API (`api/…`) needs a secret sandbox key (`Authorization: Bearer <one of
 *   SANDBOX_API_KEYS>`), as the payment sandbox does: an anonymous caller cannot buy labels or
 *   spend the demo shop's label balance;
 * - label files (`etiqueta/<id>.pdf`) are not served at all: they name the buyer and the
 *   street, and the dashboard reads them in process for the roles that see buyers;
 * - the simulator's controls (`sim/…`) are a signed-in merchant's who acts on orders, and the
 *   label list (`sim/labels`) is only for a role with `buyers:read`.
 * Every caller is rate-limited per client address.
 */
import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/config/env';
import { hasFullSimulatorAccess, mayReadPayers } from './simulator-access';
import { clientRateKey, hit } from '@/lib/security';

export type CarrierRefusal = { status: number; message: string; retryAfter?: number };

function isSecretKey(authorization: string | null): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  return env().sandboxApiKeys.some((k) => {
    const b = Buffer.from(k);
    return a.length === b.length && timingSafeEqual(a, b);
  });
}

/** Why this HTTP call is refused, or null when it may go on to the sandbox. */
export async function carrierHttpRefusal(path: readonly string[], headers: Headers): Promise<CarrierRefusal | null> {
  const limited = await hit('carrier-sandbox', clientRateKey(headers));
  if (!limited.ok) return { status: 429, message: 'Muitas chamadas. Tente de novo em instantes.', retryAfter: limited.retryAfterSeconds };
  if (!env().publicDemo) return null;
  if (path[0] === 'etiqueta') return { status: 404, message: 'Not found.' };
  if (path[0] === 'sim') {
    if (!(await hasFullSimulatorAccess())) return { status: 403, message: 'Entre como lojista para usar o simulador.' };
    if (path[1] === 'labels' && !(await mayReadPayers())) return { status: 403, message: 'Seu acesso não mostra as etiquetas: elas nomeiam compradores.' };
    return null;
  }
  if (!isSecretKey(headers.get('authorization'))) return { status: 401, message: 'Unauthenticated.' };
  return null;
}
