/**
 * Configurações → Loja: the form → the values to store, each error next to its field in
 * pt-BR, with what was typed kept. Only the shop's name is required: a merchant may fill the
 * rest over time (the overview's checklist says what is missing). Pure.
 */
import { z } from 'zod';
import { checkDocument, documentMessages, onlyDigits } from '@balcao/br/documents';
import { isUF } from '@balcao/br/uf';
import { checkBrandColor } from './contrast';
import type { ShopIdentityInput } from './identity';
import { typedValues } from '@/lib/forms/typed-values';

export const IDENTITY_TEXT_FIELDS = [
  'name',
  'description',
  'color',
  'legalName',
  'document',
  'addressZip',
  'addressStreet',
  'addressNumber',
  'addressComplement',
  'addressNeighborhood',
  'addressCity',
  'addressState',
  'contactEmail',
  'whatsapp',
  'pickupHours',
] as const satisfies readonly (keyof ShopIdentityInput)[];

const MAX: Partial<Record<keyof ShopIdentityInput, number>> = {
  name: 60,
  description: 160,
  legalName: 120,
  addressStreet: 120,
  addressNumber: 20,
  addressComplement: 60,
  addressNeighborhood: 80,
  addressCity: 80,
  contactEmail: 254,
  pickupHours: 120,
};

export type IdentityParse =
  | { ok: true; value: ShopIdentityInput; removeLogo: boolean }
  | { ok: false; fieldErrors: Record<string, string>; values: Record<string, string> };

export function parseShopIdentityForm(form: { get(name: string): unknown }): IdentityParse {
  const values = typedValues(form, IDENTITY_TEXT_FIELDS);
  const v = Object.fromEntries(Object.entries(values).map(([k, x]) => [k, x.trim().replace(/\s+/g, ' ')])) as ShopIdentityInput;
  const errors: Record<string, string> = {};

  for (const [field, max] of Object.entries(MAX)) {
    if (v[field as keyof ShopIdentityInput].length > max) errors[field] = `Use no máximo ${max} caracteres.`;
  }
  if (!v.name) errors.name = 'Informe o nome da loja.';
  // The name is the e-mails' sender: quotes, angle brackets or backslashes would break the From header.
  else if (/["<>\\]/.test(v.name)) errors.name ??= 'Não use aspas, < > ou barras no nome.';

  if (v.color) {
    const c = checkBrandColor(v.color);
    if (c.ok) v.color = c.color;
    else errors.color = c.message;
  }
  if (v.document) {
    const d = checkDocument(v.document);
    if (d.ok) v.document = d.digits;
    else errors.document = documentMessages[d.reason];
  }
  if (v.addressZip) {
    v.addressZip = onlyDigits(v.addressZip);
    if (v.addressZip.length !== 8) errors.addressZip = 'O CEP tem 8 dígitos.';
  }
  if (v.addressState && !isUF(v.addressState)) errors.addressState = 'Escolha o estado.';
  if (v.contactEmail && !z.email().safeParse(v.contactEmail).success) errors.contactEmail ??= 'Informe um e-mail válido, como contato@sualoja.com.br.';
  if (v.whatsapp) {
    let digits = onlyDigits(v.whatsapp);
    if (digits.length === 13 && digits.startsWith('55')) digits = digits.slice(2);
    if (digits.length === 10 || digits.length === 11) v.whatsapp = digits;
    else errors.whatsapp = 'Informe o número com DDD, como (11) 98765-4321.';
  }

  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors, values };
  return { ok: true, value: v, removeLogo: form.get('removeLogo') === 'on' };
}
