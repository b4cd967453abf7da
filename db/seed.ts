/**
 * Seed: the demo catalog, the shop's settings row and (only with the embedded sandbox)
 * the demo merchant. Runs on start-up when the database is empty and SEED_ON_EMPTY is on,
 * and by `npm run db:seed`.
 */
import bcrypt from 'bcryptjs';
import { and, count, eq, ne } from 'drizzle-orm';
import { BCRYPT_COST } from '@/lib/config/password-cost';
import type { AppDatabase } from './index';
import { merchantSettings, products, shippingSettings, shopIdentity, users, type User } from './schema';

export const DEMO_MERCHANT = { email: 'demo@balcao.dev', password: 'balcao-demo', name: 'Loja Demonstração' } as const;

export const CATALOG = [
  { slug: 'cafe-especial-250g', name: 'Café especial em grãos 250 g', priceCents: 3990, stock: null,
    description: 'Café 100% arábica do Sul de Minas, torra média, notas de chocolate e caramelo. Colhido e torrado no mês.' },
  { slug: 'caneca-ceramica', name: 'Caneca de cerâmica artesanal', priceCents: 5900, stock: null,
    description: 'Caneca de 300 ml feita à mão em Cunha (SP), esmalte azul-petróleo. Vai ao micro-ondas e à lava-louças.' },
  { slug: 'coador-de-pano', name: 'Coador de pano com suporte', priceCents: 2490, stock: null,
    description: 'O jeito tradicional de passar café: coador de algodão cru com suporte de madeira de reflorestamento.' },
  { slug: 'prensa-francesa', name: 'Prensa francesa 600 ml', priceCents: 14900, stock: null,
    description: 'Vidro borossilicato e aço inox. Café encorpado em quatro minutos, sem filtro de papel.' },
  { slug: 'moedor-manual', name: 'Moedor manual de café', priceCents: 22900, stock: null,
    description: 'Mó cônica de cerâmica com 18 ajustes de moagem, do espresso à prensa francesa.' },
  { slug: 'kit-degustacao', name: 'Kit degustação 4 origens', priceCents: 8990, stock: null,
    description: 'Quatro cafés de 100 g: Cerrado Mineiro, Mogiana, Chapada Diamantina e Montanhas do Espírito Santo.' },
  { slug: 'filtros-de-papel', name: 'Filtros de papel nº 102 (100 un.)', priceCents: 1250, stock: null,
    description: 'Filtros brancos sem gosto de papel, para coadores de porcelana ou plástico tamanho 102.' },
  { slug: 'adesivo-balcao', name: 'Adesivo "Café passado"', priceCents: 350, stock: null,
    description: 'Adesivo de vinil resistente à água, 8 cm. Sozinho não alcança o mínimo de R$ 5,00 do Pix e do boleto.' },
] as const;

/** The demo shop's delivery rules: free in its own state (SP), a rate per region elsewhere, free from R$ 200, pickup. */
export const DEMO_SHIPPING = {
  id: 1,
  nationalCents: null,
  regionCents: JSON.stringify({ Norte: 3490, Nordeste: 2990, 'Centro-Oeste': 2490, Sudeste: 1890, Sul: 2190 }),
  ufCents: JSON.stringify({ SP: 0 }),
  freeAboveCents: 20000,
  pickupEnabled: true,
  pickupAddress: 'Rua Augusta, 1500 — Consolação, São Paulo/SP. Seg. a sáb., 10h às 19h.',
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
export async function seed(
  database: AppDatabase,
  opts: { demoMerchant: boolean; demoRole?: User['role'] },
): Promise<{ products: number; merchant: boolean }> {
  const { db } = database;
  for (const [i, p] of CATALOG.entries()) {
    await db
      .insert(products)
      // Display order 1…8: a product the merchant adds (order 0 by default) comes first.
      .values({ ...p, imagePath: `/products/${p.slug}.svg`, displayOrder: i + 1 })
      .onConflictDoNothing({ target: products.slug });
  }
  await db.insert(merchantSettings).values({ id: 1 }).onConflictDoNothing();
  if (opts.demoMerchant) {
    // The demo shop shows shipping at work; a shop without rules delivers for free.
    await db.insert(shippingSettings).values(DEMO_SHIPPING).onConflictDoNothing();
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
