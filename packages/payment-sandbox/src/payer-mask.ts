/**
 * Payer data as the sandbox shows or returns it outside the payment API itself (the simulator,
 * the webhook log, the boleto page): masked as the dashboard's lists mask it. In a public demo
 * visitors type their real CPF, so nobody else's name, document or street ever comes back.
 * The document keeps its first and last digits (123.***.***-09), the name its first word and
 * initials, the address its city, UF and CEP prefix.
 */
import { maskDocument } from '@balcao/br/documents';

export type PayerLike = { name?: unknown; document?: unknown; zip?: unknown; street?: unknown; number?: unknown; neighborhood?: unknown; city?: unknown; state?: unknown };

/** "Bruno de Lima" → "Bruno d. L." */
export function maskName(name: string): string {
  const [first, ...rest] = name.trim().split(/\s+/);
  return [first, ...rest.map((w) => `${w[0]}.`)].join(' ');
}

const HIDDEN = '***';

export function maskPayer<P extends PayerLike>(payer: P): P {
  const out: Record<string, unknown> = { ...payer };
  if (typeof payer.name === 'string') out.name = maskName(payer.name);
  if (typeof payer.document === 'string') out.document = maskDocument(payer.document);
  if (typeof payer.zip === 'string') out.zip = `${payer.zip.replace(/\D/g, '').slice(0, 5)}${HIDDEN}`;
  for (const field of ['street', 'number', 'neighborhood'] as const) if (typeof payer[field] === 'string') out[field] = HIDDEN;
  return out as P;
}

/** A webhook event (or any resource) with its `data.payer` / `payer` masked. */
export function maskPayerIn(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const v = value as Record<string, unknown>;
  const out: Record<string, unknown> = { ...v };
  if (typeof v.payer === 'object' && v.payer !== null) out.payer = maskPayer(v.payer as PayerLike);
  if (typeof v.data === 'object' && v.data !== null) out.data = maskPayerIn(v.data);
  return out;
}
