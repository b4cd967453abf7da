/**
 * The shop's identity as pages use it (Configurações → Loja), its defaults and what a
 * merchant still has to fill in. Pure: the database side is identity.ts.
 */
import { formatDocument } from '@balcao/br/documents';

export type ShopIdentity = {
  name: string;
  description: string;
  /** '#rrggbb' that passed the contrast check, or '' for the default colour. */
  color: string;
  legalName: string;
  document: string;
  address: { zip: string; street: string; number: string; complement: string; neighborhood: string; city: string; state: string };
  contactEmail: string;
  whatsapp: string;
  pickupHours: string;
  logo: { hash: string; width: number; height: number } | null;
  /** False for an installation whose merchant never saved the shop (no row). */
  configured: boolean;
};

/** What a shop not set up yet calls itself: neutral, never the product's own name. */
export const NEUTRAL_SHOP_NAME = 'Loja';

export const EMPTY_IDENTITY: ShopIdentity = {
  name: NEUTRAL_SHOP_NAME,
  description: '',
  color: '',
  legalName: '',
  document: '',
  address: { zip: '', street: '', number: '', complement: '', neighborhood: '', city: '', state: '' },
  contactEmail: '',
  whatsapp: '',
  pickupHours: '',
  logo: null,
  configured: false,
};

export type ChecklistItem = { key: 'name' | 'legal' | 'document' | 'address' | 'contact'; label: string; done: boolean };

/** The "Complete os dados da loja" checklist: what the law (Decreto 7.962/2013, art. 2) and the pages need. */
export function identityChecklist(s: ShopIdentity): ChecklistItem[] {
  const a = s.address;
  return [
    { key: 'name', label: 'Nome da loja', done: s.configured && s.name.trim() !== '' },
    { key: 'legal', label: 'Razão social', done: s.legalName.trim() !== '' },
    { key: 'document', label: 'CPF ou CNPJ', done: s.document !== '' },
    { key: 'address', label: 'Endereço', done: [a.zip, a.street, a.number, a.city, a.state].every((v) => v.trim() !== '') },
    { key: 'contact', label: 'E-mail de contato', done: s.contactEmail.trim() !== '' },
  ];
}

export function isIdentityComplete(s: ShopIdentity): boolean {
  return identityChecklist(s).every((i) => i.done);
}

/** "Rua Augusta, 1500, sala 2 — Consolação, São Paulo/SP, CEP 01304-001", or '' when not filled. */
export function formatShopAddress(a: ShopIdentity['address']): string {
  if (!a.street && !a.city) return '';
  const line = [a.street, a.number, a.complement].filter(Boolean).join(', ');
  const place = [a.neighborhood, a.city && a.state ? `${a.city}/${a.state}` : a.city || a.state].filter(Boolean).join(', ');
  const zip = a.zip.length === 8 ? `CEP ${a.zip.slice(0, 5)}-${a.zip.slice(5)}` : '';
  return [line, [place, zip].filter(Boolean).join(', ')].filter(Boolean).join(' — ');
}

export function formatShopDocument(digits: string): string {
  return digits ? `${digits.length === 14 ? 'CNPJ' : 'CPF'} ${formatDocument(digits)}` : '';
}

/** "(11) 98765-4321" */
export function formatWhatsapp(digits: string): string {
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return digits;
}

export function logoUrl(hash: string): string {
  return `/images/logo/${hash}.webp`;
}
