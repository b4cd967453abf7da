/**
 * Who a buyers'-data request is about: one CPF/CNPJ or one e-mail, as the merchant types it
 * (masked or not). Orders store the document as digits and the e-mail lower-cased, so the
 * lookup is an exact match on either. Pure.
 */
import { checkDocument, documentMessages } from '@balcao/br/documents';
import { z } from 'zod';

export type BuyerQuery = { kind: 'document'; document: string } | { kind: 'email'; email: string };

export type BuyerQueryResult = { ok: true; query: BuyerQuery } | { ok: false; error: string };

const email = z.email();

export function parseBuyerQuery(raw: unknown): BuyerQueryResult {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value) return { ok: false, error: 'Informe o CPF, o CNPJ ou o e-mail do comprador.' };
  if (value.length > 254) return { ok: false, error: 'Informe um CPF, um CNPJ ou um e-mail (até 254 caracteres).' };
  if (value.includes('@')) {
    const lower = value.toLowerCase();
    return email.safeParse(lower).success ? { ok: true, query: { kind: 'email', email: lower } } : { ok: false, error: 'E-mail inválido: confira o endereço.' };
  }
  const doc = checkDocument(value);
  return doc.ok ? { ok: true, query: { kind: 'document', document: doc.digits } } : { ok: false, error: documentMessages[doc.reason] };
}

/** The query as the form and the export links carry it (the document's digits or the e-mail). */
export function buyerQueryText(query: BuyerQuery): string {
  return query.kind === 'document' ? query.document : query.email;
}
