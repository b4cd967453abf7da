/**
 * The activity log records every change a person makes: the pixels' settings, the product
 * import and export, a digital product's file, link, text and its removal (the product editor's save), and the reminders'
 * settings. Through the actions and routes themselves, signed in as the shop's owner.
 */
import { desc } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@/db';
import { activityLog, products, users } from '@/db/schema';
import { env } from '@/lib/config/env';
import { storeImport } from '@/lib/catalog/product-import';
import { prepareDatabase } from '@/test/payments/db';
import { formData as fd } from '@/test/form-data';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => jar.cookies }) }));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));

const pixels = await import('./settings/integracoes/pixel-actions');
const catalog = await import('./produtos/actions');
const reminders = await import('./settings/carrinhos-abandonados/actions');
const importing = await import('./produtos/importar/actions');
const exporting = await import('./produtos/exportar/route');
const upload = await import('../../api/dashboard/products/[id]/digital/route');

let owner: { id: number; email: string };
let productId: number;
const latest = async () => (await db().select().from(activityLog).orderBy(desc(activityLog.id)).limit(1))[0];

beforeAll(async () => {
  await prepareDatabase();
  const [u] = await db().insert(users).values({ email: `atividade-${Date.now()}@balcao.dev`, name: 'Dona', passwordHash: 'x', role: 'owner' }).returning();
  owner = { id: u.id, email: u.email };
  jar.cookies = [{ name: 'next-auth.session-token', value: await encode({ token: { sub: String(u.id) }, secret: env().authSecret }) }];
  const [p] = await db().insert(products).values({ slug: `ebook-${Date.now()}`, name: 'E-book', description: '', priceCents: 1000, imagePath: '' }).returning();
  productId = p.id;
});

describe('the activity log has no gaps', () => {
  it('pixel settings (Meta Pixel, GA4), never the token or the secret', async () => {
    expect(await pixels.saveMetaPixelAction(null, fd({ metaPixelId: '123456789012345', metaToken: 'EAABsecretTokenValue' }))).toMatchObject({ ok: true });
    expect(await latest()).toMatchObject({ action: 'integrations', actorEmail: owner.email, summary: expect.stringContaining('Meta Pixel salvo') });
    expect((await latest()).summary).not.toContain('EAAB');
    expect(await pixels.saveGa4Action(null, fd({ ga4MeasurementId: 'G-TEST12345', ga4Secret: 'segredoDoGa4' }))).toMatchObject({ ok: true });
    expect(await latest()).toMatchObject({ action: 'integrations', summary: expect.stringContaining('Google Analytics 4 salvo') });
    expect((await latest()).summary).not.toContain('segredoDoGa4');
  });

  it('a digital product through the editor\'s "Salvar produto": its link or text, its file, and unchecking "Produto digital", never the link or the text', async () => {
    // The editor's form: the product's own fields, and the digital block it showed.
    const editor = (digital: Record<string, string>) => fd({ productId: String(productId), name: 'E-book', description: '', price: '10,00', slug: '', stock: '', stockShown: '', displayOrder: '', digitalShown: '1', ...digital });
    expect(await catalog.saveProductAction(null, editor({ digital: 'on', digitalKind: 'link', digitalUrl: 'https://curso.example/aula-secreta', digitalText: '' }))).toMatchObject({ ok: true });
    expect(await latest()).toMatchObject({ action: 'catalog', summary: 'Produto digital salvo (link)', target: `produto ${productId}` });
    expect(JSON.stringify(await latest())).not.toContain('aula-secreta');
    expect(await catalog.saveProductAction(null, editor({ digital: 'on', digitalKind: 'text', digitalUrl: '', digitalText: 'Chave: ABC-123' }))).toMatchObject({ ok: true });
    expect(await latest()).toMatchObject({ summary: 'Produto digital salvo (texto)' });

    const bytes = new TextEncoder().encode('%PDF-1.4\n% um arquivo pequeno\n%%EOF\n');
    const post = (query: string, body?: Uint8Array<ArrayBuffer>) =>
      upload.POST(new Request(`${env().appUrl}/api/dashboard/products/${productId}/digital?${query}`, { method: 'POST', body, headers: { origin: env().appUrl, 'content-type': 'application/octet-stream' } }), { params: Promise.resolve({ id: String(productId) }) });
    const started = (await (await post(`name=guia.pdf&size=${bytes.byteLength}`)).json()) as { fileId: number };
    expect((await post(`file=${started.fileId}&part=0`, bytes)).status).toBe(200);
    expect(await latest()).toMatchObject({ action: 'catalog', summary: 'Arquivo do produto digital enviado', target: `produto ${productId}` });

    expect(await catalog.saveProductAction(null, editor({}))).toMatchObject({ ok: true });
    expect(await latest()).toMatchObject({ action: 'catalog', summary: 'Produto deixou de ser digital' });
  });

  it('the reminders\' settings', async () => {
    expect(await reminders.saveAbandonedSettingsAction(null, fd({ step1On: 'on', step1Hours: '1', step2Hours: '24', step3Hours: '72' }))).toMatchObject({ ok: true });
    expect(await latest()).toMatchObject({ action: 'settings', summary: 'Lembretes de carrinho abandonado salvos (ligados: 1)' });
  });

  it('the product export and import', async () => {
    const res = await exporting.GET(new Request(`${env().appUrl}/dashboard/produtos/exportar`));
    expect(res.status).toBe(200);
    expect(await latest()).toMatchObject({ action: 'export', summary: 'Exportou os produtos (CSV)' });
    const csv = new TextEncoder().encode(`Slug;Nome;Preço\nimportado-${Date.now()};Caneca;10,00\n`);
    const { id, sha256 } = await storeImport(csv, 'produtos.csv', owner.id);
    // The envelope answers with a redirect to the import's page.
    await expect(importing.confirmImportAction(null, fd({ importId: id, sha256 }))).rejects.toThrow('NEXT_REDIRECT');
    expect(await latest()).toMatchObject({ action: 'catalog', summary: expect.stringMatching(/^Importou produtos: \d+ novos, \d+ atualizados, \d+ com erro$/) });
  });
});
