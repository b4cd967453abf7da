import { headers } from 'next/headers';
import { answerCep } from '@/lib/cep/service';
import { clientRateKey } from '@/lib/security';

/** CEP autofill for the checkout (the page may only call our own origin): thin, see lib/cep. */
export async function GET(_request: Request, { params }: { params: Promise<{ cep: string }> }) {
  const { cep } = await params;
  const answer = await answerCep(cep, clientRateKey(await headers()));
  const cache = answer.status === 200 ? 'public, max-age=86400' : 'no-store';
  const extra: Record<string, string> = answer.status === 429 ? { 'Retry-After': String(answer.retryAfterSeconds) } : {};
  return Response.json(answer.body, { status: answer.status, headers: { 'Cache-Control': cache, ...extra } });
}
