/**
 * Seed: the demo catalog, the shop's settings row and (only with the embedded sandbox)
 * the demo merchant. Runs on start-up when the database is empty and SEED_ON_EMPTY is on,
 * and by `npm run db:seed`.
 */
import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { BCRYPT_COST } from '@/lib/config/password-cost';
import { env } from '@/lib/config/env';
import type { AppDatabase } from './index';
import { EBOOK_SLUG, seedEbook } from './seed-ebook';
import { categories, merchantSettings, productCategories, productVariants, products, shippingSettings, shopIdentity, subscriptionPlans, users, whatsappSettings, type User } from './schema';

export const DEMO_MERCHANT = { email: 'demo@balcao.dev', password: 'balcao-demo', name: 'Loja Demonstração' } as const;

export const CATALOG = [
  { slug: 'cafe-especial-250g', weightGrams: 280, heightCm: 20, widthCm: 12, lengthCm: 6, name: 'Café especial em grãos 250 g', priceCents: 3990, stock: null,
    description: 'Café 100% arábica do Sul de Minas, torra média, notas de chocolate e caramelo. Colhido e torrado no mês.' },
  { slug: 'caneca-ceramica', weightGrams: 450, heightCm: 11, widthCm: 11, lengthCm: 11, name: 'Caneca de cerâmica artesanal', priceCents: 5900, stock: null,
    description: 'Caneca de 300 ml feita à mão em Cunha (SP), esmalte azul-petróleo. Vai ao micro-ondas e à lava-louças.' },
  { slug: 'coador-de-pano', weightGrams: 220, heightCm: 25, widthCm: 12, lengthCm: 12, name: 'Coador de pano com suporte', priceCents: 2490, stock: null,
    description: 'O jeito tradicional de passar café: coador de algodão cru com suporte de madeira de reflorestamento.' },
  { slug: 'prensa-francesa', weightGrams: 900, heightCm: 22, widthCm: 14, lengthCm: 14, name: 'Prensa francesa 600 ml', priceCents: 14900, stock: null,
    description: 'Vidro borossilicato e aço inox. Café encorpado em quatro minutos, sem filtro de papel.' },
  { slug: 'moedor-manual', weightGrams: 750, heightCm: 20, widthCm: 10, lengthCm: 10, name: 'Moedor manual de café', priceCents: 22900, stock: null,
    description: 'Mó cônica de cerâmica com 18 ajustes de moagem, do espresso à prensa francesa.' },
  { slug: 'kit-degustacao', weightGrams: 520, heightCm: 20, widthCm: 15, lengthCm: 10, name: 'Kit degustação 4 origens', priceCents: 8990, stock: null,
    description: 'Quatro cafés de 100 g: Cerrado Mineiro, Mogiana, Chapada Diamantina e Montanhas do Espírito Santo.' },
  { slug: 'filtros-de-papel', weightGrams: 180, heightCm: 16, widthCm: 12, lengthCm: 4, name: 'Filtros de papel nº 102 (100 un.)', priceCents: 1250, stock: null,
    description: 'Filtros brancos sem gosto de papel, para coadores de porcelana ou plástico tamanho 102.' },
  { slug: 'adesivo-balcao', weightGrams: 20, heightCm: 2, widthCm: 12, lengthCm: 12, name: 'Adesivo "Café passado"', priceCents: 350, stock: null,
    description: 'Adesivo de vinil resistente à água, 8 cm. Sozinho não alcança o mínimo de R$ 5,00 do Pix e do boleto.' },
  { slug: 'camiseta-cafe-da-esquina', weightGrams: 200, heightCm: 3, widthCm: 25, lengthCm: 30, name: 'Camiseta Café da Esquina', priceCents: 7900, stock: null,
    description: 'Camiseta de algodão orgânico com a xícara da casa estampada em serigrafia. Modelagem reta.' },
  // Digital ("Arquivo"): a PDF delivered once paid (db/seed-ebook.ts); no weight, no shipping.
  { slug: 'ebook-guia-do-cafe-coado', weightGrams: null, heightCm: null, widthCm: null, lengthCm: null, requiresShipping: false, name: 'E-book: Guia do café coado', priceCents: 1990, stock: null,
    description: 'Guia em PDF para passar um café coado limpo e doce em casa: moagem, água, proporção e o passo a passo. Liberado para baixar assim que o pagamento é confirmado.' },
  // Sold as a subscription ("Vender como assinatura", monthly: DEMO_SUBSCRIPTION_PLAN), and also once.
  { slug: 'clube-do-cafe', weightGrams: 560, heightCm: 22, widthCm: 15, lengthCm: 8, name: 'Clube do café', priceCents: 5990, stock: null,
    description: 'Dois cafés especiais de 250 g por mês, escolhidos pela casa, torrados na semana do envio. Pause ou cancele quando quiser.' },
] as const;

/** The seed's subscription product: "Clube do café", monthly at its catalog price (R$ 59,90 a month). */
export const DEMO_SUBSCRIPTION_PLAN = { slug: 'clube-do-cafe', intervalMonths: 1, discountBps: 0, alsoOnce: true } as const;

/** The seed's categories and their products (slugs). */
export const DEMO_CATEGORIES = [
  { slug: 'cafes', name: 'Cafés', products: ['cafe-especial-250g', 'kit-degustacao', 'clube-do-cafe'] },
  { slug: 'utensilios', name: 'Utensílios', products: ['caneca-ceramica', 'coador-de-pano', 'prensa-francesa', 'moedor-manual', 'filtros-de-papel'] },
  { slug: 'roupas', name: 'Roupas', products: ['camiseta-cafe-da-esquina'] },
] as const;

/** The catalog's product with variants: one option, a variant per value, each with its stock. */
export const DEMO_VARIANTS = {
  slug: 'camiseta-cafe-da-esquina',
  options: [{ name: 'Tamanho', values: ['P', 'M', 'G'] }],
  variants: [
    { option1: 'P', sku: 'CAM-CAFE-P', stock: 12, weightGrams: 180 },
    { option1: 'M', sku: 'CAM-CAFE-M', stock: 15, weightGrams: 200 },
    { option1: 'G', sku: 'CAM-CAFE-G', stock: 8, weightGrams: 220 },
  ],
} as const;

/** The demo shop's delivery rules: free in its own state (SP), a rate per region elsewhere, free from R$ 200, pickup. */
export const DEMO_SHIPPING = {
  id: 1,
  nationalCents: null,
  regionCents: JSON.stringify({ Norte: 3490, Nordeste: 2990, 'Centro-Oeste': 2490, Sudeste: 1890, Sul: 2190 }),
  ufCents: JSON.stringify({ SP: 0 }),
  freeAboveCents: 20000,
  pickupEnabled: true,
  pickupAddress: 'Rua Augusta, 1500 — Consolação, São Paulo/SP. Seg. a sáb., 10h às 19h.',
  // Melhor Envio on, from the shop's own CEP: with no token and the sandbox on, the checkout
  // quotes the embedded carrier sandbox (lib/shipping/carrier.ts), so a fresh clone shows PAC,
  // SEDEX and the others with their dates; the UF rates above stay as the fallback.
  carrierEnabled: true,
  carrierOriginZip: '01304001',
  carrierServices: '1,2,3,31',
  handlingDays: 1,
};

/** The coffee-shop demo of a development install and of the public demo (shop_identity, lib/shop). */
export const DEMO_IDENTITY = {
  name: 'Café da Esquina',
  description: 'Cafés especiais e utensílios para o seu preparo.',
  color: '',
  legalName: 'Café da Esquina Comércio de Cafés LTDA',
  document: '11222333000181',
  addressZip: '01304001',
  addressStreet: 'Rua Augusta',
  addressNumber: '1500',
  addressComplement: '',
  addressNeighborhood: 'Consolação',
  addressCity: 'São Paulo',
  addressState: 'SP',
  contactEmail: 'contato@cafedaesquina.com.br',
  whatsapp: '11987654321',
  pickupHours: 'Seg. a sáb., 10h às 19h',
} as const;

/**
 * A public demo limits the demo merchant even when its database was seeded before (by a
 * development run, or before roles existed): its password is public.
 */
export async function limitDemoMerchant(database: AppDatabase): Promise<boolean> {
  const changed = await database.db
    .update(users)
    .set({ role: 'demo' })
    .where(and(eq(users.email, DEMO_MERCHANT.email), ne(users.role, 'demo')))
    .returning({ id: users.id });
  return changed.length > 0;
}

export async function isEmpty(database: AppDatabase): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(products);
  return (row?.n ?? 0) === 0;
}

/**
 * `demoRole`: 'demo' in a public demo (NODE_ENV=production with the sandbox on), where the
 * demo merchant's password is in the README: a limited demonstration account
 * (lib/auth/permissions.ts). 'owner' (the default) in development.
 */
/** Each product's NCM (origin 0, nacional), so an NF-e can be issued from the first order. */
const NCM_BY_SLUG: Record<string, string> = {
  'cafe-especial-250g': '09012100',
  'caneca-ceramica': '69120000',
  'coador-de-pano': '63079090',
  'prensa-francesa': '70133700',
  'moedor-manual': '82100010',
  'kit-degustacao': '09012100',
  'filtros-de-papel': '48232099',
  'adesivo-balcao': '49119900',
  'camiseta-cafe-da-esquina': '61091000',
  'ebook-guia-do-cafe-coado': '49019900',
};

export async function seed(
  database: AppDatabase,
  opts: { demoMerchant: boolean; demoRole?: User['role'] },
): Promise<{ products: number; merchant: boolean }> {
  const { db } = database;
  for (const [i, { stock, ...p }] of CATALOG.entries()) {
    const [inserted] = await db
      .insert(products)
      // Display order 1…9: a product the merchant adds (order 0 by default) comes first.
      .values({ ...p, imagePath: `/products/${p.slug}.svg`, displayOrder: i + 1, ncm: NCM_BY_SLUG[p.slug] ?? null, origin: 0 })
      .onConflictDoNothing({ target: products.slug })
      .returning({ id: products.id });
    if (!inserted) continue;
    // The insert's trigger made the product's implicit variant, which holds its stock.
    await db.update(productVariants).set({ stock }).where(eq(productVariants.productId, inserted.id));
    if (p.slug === DEMO_VARIANTS.slug) await seedVariants(database, inserted.id);
    if (p.slug === EBOOK_SLUG) await seedEbook(database, inserted.id);
    if (p.slug === DEMO_SUBSCRIPTION_PLAN.slug) {
      const { slug: _slug, ...plan } = DEMO_SUBSCRIPTION_PLAN;
      await db.insert(subscriptionPlans).values({ productId: inserted.id, enabled: true, ...plan }).onConflictDoNothing();
    }
  }
  for (const [position, c] of DEMO_CATEGORIES.entries()) {
    const [category] = await db.insert(categories).values({ slug: c.slug, name: c.name, position }).onConflictDoNothing({ target: categories.slug }).returning({ id: categories.id });
    if (!category) continue;
    const ids = await db.select({ id: products.id }).from(products).where(inArray(products.slug, [...c.products]));
    for (const { id } of ids) await db.insert(productCategories).values({ productId: id, categoryId: category.id }).onConflictDoNothing();
  }
  await db.insert(merchantSettings).values({ id: 1 }).onConflictDoNothing();
  if (opts.demoMerchant) {
    // The demo shop shows shipping at work; a shop without rules delivers for free.
    await db.insert(shippingSettings).values(DEMO_SHIPPING).onConflictDoNothing();
    // WhatsApp on against the embedded Cloud API sandbox whenever it is the provider (development,
    // a public demo): buyers who tick "Receber atualizações pelo WhatsApp" see it at /sandbox/whatsapp.
    if (env().sandboxEnabled) await db.insert(whatsappSettings).values({ id: 1, enabled: true, verifyToken: randomBytes(18).toString('base64url') }).onConflictDoNothing();
    // The coffee shop's own name and legal identity: its pages never say the product's name.
    await db.insert(shopIdentity).values({ id: 1, ...DEMO_IDENTITY }).onConflictDoNothing();
    // The same cost as every other hash and the dummy one: login timing must not tell that this e-mail exists.
    const passwordHash = await bcrypt.hash(DEMO_MERCHANT.password, BCRYPT_COST);
    await db
      .insert(users)
      .values({ email: DEMO_MERCHANT.email, name: DEMO_MERCHANT.name, passwordHash, role: opts.demoRole ?? 'owner' })
      .onConflictDoNothing({ target: users.email });
  }
  return { products: CATALOG.length, merchant: opts.demoMerchant };
}

/** The T-shirt's sizes: its implicit variant becomes "P", and "M" and "G" join it. */
async function seedVariants(database: AppDatabase, productId: number): Promise<void> {
  const { db } = database;
  await db.update(products).set({ options: JSON.stringify(DEMO_VARIANTS.options) }).where(eq(products.id, productId));
  const [first, ...rest] = DEMO_VARIANTS.variants;
  await db.update(productVariants).set(first).where(eq(productVariants.productId, productId));
  for (const [i, v] of rest.entries()) await db.insert(productVariants).values({ productId, position: i + 1, ...v });
}
