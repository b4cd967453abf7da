/**
 * The shop's identity in the database (one row, id = 1, table shop_identity). No row means
 * nobody set the shop up yet: pages get EMPTY_IDENTITY (a neutral name) and the overview shows
 * the checklist. The logo's bytes are read only by the logo route.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { shopIdentity } from '@/db/schema';
import { EMPTY_IDENTITY, type ShopIdentity } from './identity-values';
import { defaultPolicy, type PolicyKey } from './policies';
import { cache } from 'react';

export type ShopIdentityInput = {
  name: string;
  description: string;
  color: string;
  legalName: string;
  document: string;
  addressZip: string;
  addressStreet: string;
  addressNumber: string;
  addressComplement: string;
  addressNeighborhood: string;
  addressCity: string;
  addressState: string;
  contactEmail: string;
  whatsapp: string;
  pickupHours: string;
};

export type LogoChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'set'; bytes: Buffer; hash: string; width: number; height: number };

const columns = {
  name: shopIdentity.name,
  description: shopIdentity.description,
  color: shopIdentity.color,
  legalName: shopIdentity.legalName,
  document: shopIdentity.document,
  addressZip: shopIdentity.addressZip,
  addressStreet: shopIdentity.addressStreet,
  addressNumber: shopIdentity.addressNumber,
  addressComplement: shopIdentity.addressComplement,
  addressNeighborhood: shopIdentity.addressNeighborhood,
  addressCity: shopIdentity.addressCity,
  addressState: shopIdentity.addressState,
  contactEmail: shopIdentity.contactEmail,
  whatsapp: shopIdentity.whatsapp,
  pickupHours: shopIdentity.pickupHours,
  logoHash: shopIdentity.logoHash,
  logoWidth: shopIdentity.logoWidth,
  logoHeight: shopIdentity.logoHeight,
};

/**
 * The shop as buyers see it. Once per render (React's cache): the layout, the page and its
 * metadata all ask, and on Turso each read is a round trip. Outside a
 * render (an action, a route handler) every call reads. A storefront render reads it with the
 * settings and the categories in one batch instead (`storefront`, lib/shop/storefront.ts).
 */
export const getShopIdentity = cache(readShopIdentity);

async function readShopIdentity(): Promise<ShopIdentity> {
  return identityOf(await identityQuery());
}

/** The identity's row as a query, to read in a batch with others; `identityOf` reads its answer. */
export function identityQuery() {
  return db().select(columns).from(shopIdentity).where(eq(shopIdentity.id, 1));
}

export function identityOf(rows: Awaited<ReturnType<typeof identityQuery>>): ShopIdentity {
  const [r] = rows;
  if (!r) return EMPTY_IDENTITY;
  return {
    name: r.name.trim() || EMPTY_IDENTITY.name,
    description: r.description,
    color: r.color,
    legalName: r.legalName,
    document: r.document,
    address: {
      zip: r.addressZip,
      street: r.addressStreet,
      number: r.addressNumber,
      complement: r.addressComplement,
      neighborhood: r.addressNeighborhood,
      city: r.addressCity,
      state: r.addressState,
    },
    contactEmail: r.contactEmail,
    whatsapp: r.whatsapp,
    pickupHours: r.pickupHours,
    logo: r.logoHash && r.logoWidth && r.logoHeight ? { hash: r.logoHash, width: r.logoWidth, height: r.logoHeight } : null,
    // A row written by the policies' form alone has no name yet: still a shop to set up.
    configured: r.name.trim() !== '',
  };
}

/** The form's values as stored (digits for CEP, document and WhatsApp). */
export function identityFormValues(s: ShopIdentity): Record<string, string> {
  return {
    name: s.configured ? s.name : '',
    description: s.description,
    color: s.color,
    legalName: s.legalName,
    document: s.document,
    addressZip: s.address.zip,
    addressStreet: s.address.street,
    addressNumber: s.address.number,
    addressComplement: s.address.complement,
    addressNeighborhood: s.address.neighborhood,
    addressCity: s.address.city,
    addressState: s.address.state,
    contactEmail: s.contactEmail,
    whatsapp: s.whatsapp,
    pickupHours: s.pickupHours,
  };
}

export async function saveShopIdentity(values: ShopIdentityInput, logo: LogoChange): Promise<void> {
  const updatedAt = new Date().toISOString();
  const logoColumns =
    logo.kind === 'keep'
      ? {}
      : logo.kind === 'remove'
        ? { logo: null, logoHash: null, logoWidth: null, logoHeight: null }
        : { logo: logo.bytes, logoHash: logo.hash, logoWidth: logo.width, logoHeight: logo.height };
  const set = { ...values, ...logoColumns, updatedAt };
  await db().insert(shopIdentity).values({ id: 1, ...set }).onConflictDoUpdate({ target: shopIdentity.id, set });
}

/** The logo's WebP bytes when `hash` is the current one (an old URL answers 404). */
export async function logoFile(hash: string): Promise<Buffer | null> {
  const [r] = await db().select({ logo: shopIdentity.logo, hash: shopIdentity.logoHash }).from(shopIdentity).where(eq(shopIdentity.id, 1));
  return r?.logo && r.hash === hash ? r.logo : null;
}

const policyColumn = { trocas: shopIdentity.policyReturns, privacidade: shopIdentity.policyPrivacy, termos: shopIdentity.policyTerms } as const;

/** The merchant's own text of a policy page, or null: the default text (policies.ts) applies. */
export async function storedPolicies(): Promise<Record<PolicyKey, string | null>> {
  const [r] = await db().select(policyColumn).from(shopIdentity).where(eq(shopIdentity.id, 1));
  return { trocas: r?.trocas ?? null, privacidade: r?.privacidade ?? null, termos: r?.termos ?? null };
}

/** A policy's Markdown as the shop shows it. */
export async function policyText(key: PolicyKey, identity: ShopIdentity): Promise<string> {
  return (await storedPolicies())[key] ?? defaultPolicy(key, identity);
}

/**
 * Saves the three texts; a text left empty or equal to the default is stored as null, so the
 * default keeps following the shop's name and contact.
 */
export async function savePolicies(texts: Record<PolicyKey, string>, identity: ShopIdentity): Promise<void> {
  const norm = (key: PolicyKey) => {
    const t = texts[key].replace(/\r\n?/g, '\n').trim();
    return t === '' || t === defaultPolicy(key, identity).trim() ? null : t;
  };
  const set = { policyReturns: norm('trocas'), policyPrivacy: norm('privacidade'), policyTerms: norm('termos'), updatedAt: new Date().toISOString() };
  await db().insert(shopIdentity).values({ id: 1, ...set }).onConflictDoUpdate({ target: shopIdentity.id, set });
}
