/**
 * The process's CEP lookup (one cache, one set of in-flight requests), configured from
 * CEP_LOOKUP / CEP_LOOKUP_URL, and the answer of GET /api/cep/<cep>.
 */
import 'server-only';
import { env } from '@/lib/config/env';
import { hit } from '@/lib/security';
import { CepLookupService, type CepAddress } from './lookup';
import { processSingleton } from '@/lib/process/context';

export const cepLookupService = processSingleton('cep-lookup', () => new CepLookupService(env().cepLookup));

export function cepLookupEnabled(): boolean {
  return env().cepLookup.enabled;
}

export type CepAnswer =
  | { status: 200; body: CepAddress }
  | { status: 400 | 404 | 503; body: { error: string } }
  | { status: 429; body: { error: string }; retryAfterSeconds: number };

/** Validate → rate limit (per client address) → lookup → the route's status and body. */
export async function answerCep(raw: string, ip: string): Promise<CepAnswer> {
  const limit = await hit('cep', ip);
  if (!limit.ok) return { status: 429, body: { error: 'Muitas consultas de CEP. Preencha o endereço ou aguarde um minuto.' }, retryAfterSeconds: limit.retryAfterSeconds };
  const cep = raw.replace(/\D/g, '');
  if (cep.length !== 8 || raw.length > 12) return { status: 400, body: { error: 'O CEP tem 8 dígitos.' } };
  const result = await cepLookupService().lookup(cep);
  switch (result.status) {
    case 'found':
      return { status: 200, body: result.address };
    case 'not_found':
      return { status: 404, body: { error: 'CEP não encontrado. Confira os dígitos ou preencha o endereço.' } };
    case 'off':
      return { status: 503, body: { error: 'A busca de CEP está desligada. Preencha o endereço.' } };
    case 'unavailable':
      return { status: 503, body: { error: 'Não conseguimos buscar o CEP agora. Preencha o endereço.' } };
  }
}
