/**
 * Every dashboard server action posted by hand as each role (Dono, Gerente, Atendente,
 * Demonstração): one test per action × role. A role without the action's permission
 * (lib/auth/permissions.ts) is refused on the server with its pt-BR reason and nothing in the
 * database changes; a role with it gets past the envelope (the use-case answers, whatever it says).
 */
import { encode } from 'next-auth/jwt';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, ensureMigrated } from '@/db';
import { accountTokens, emailSettings, feedSettings, merchantSettings, orderNotes, orders, paymentLinks, products, reviewSettings, reviews, shippingSettings, shopIdentity, users } from '@/db/schema';
import { env } from '@/lib/config/env';
import { can, refusalMessage, ROLES, type Permission, type Role } from '@/lib/auth/permissions';
import { insertOrders, type InsertedOrder } from '@/test/dashboard/fixtures';
import { createLink } from '@/lib/links/links';
import { formData as fd } from '@/test/form-data';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ getAll: () => jar.cookies, set: () => {} }),
  headers: async () => new Headers({ 'x-forwarded-for': '203.0.113.50' }),
}));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));
vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error('NEXT_REDIRECT'), { digest: `NEXT_REDIRECT;replace;${to};307;` });
  },
}));
vi.mock('@/lib/payments/merchant-actions', () => ({
  cancelOrderPayment: vi.fn(async () => ({ ok: true as const, message: 'Cobrança cancelada.' })),
  refundOrderPayment: vi.fn(async () => ({ ok: true as const, message: 'Reembolso solicitado.' })),
}));
vi.mock('@/lib/payments/reconcile', () => ({
  reconcileOrder: vi.fn(async () => ({ changed: false })),
  reconcileAll: vi.fn(async () => ({ checked: 0, changed: 0 })),
}));
vi.mock('@/lib/payments/resend-instructions', () => ({ resendInstructions: vi.fn(async () => ({ ok: true as const, message: 'E-mail na fila.' })) }));

const orderActions = await import('./actions');
const emailActions = await import('./email-actions');
const fulfilment = await import('./fulfilment-actions');
const shipping = await import('./settings/shipping/actions');
const shop = await import('./settings/loja/actions');
const team = await import('./settings/equipe/actions');
const account = await import('./conta/actions');
const productActions = await import('./produtos/actions');
const linkActions = await import('./links/actions');
const couponActions = await import('./cupons/actions');
const notes = await import('./notes-actions');
const labels = await import('./label-actions');
const digital = await import('./digital-actions');
const reviewActions = await import('./avaliacoes/actions');
const reviewSettingsActions = await import('./settings/avaliacoes/actions');
const channels = await import('./settings/canais-de-venda/actions');

const cookies: Partial<Record<Role, string>> = {};
let order: InsertedOrder;
let productId: number;
let linkId: string;

beforeAll(async () => {
  await ensureMigrated();
  await db().insert(merchantSettings).values({ id: 1 }).onConflictDoNothing();
  for (const role of ROLES) {
    const [u] = await db().insert(users).values({ email: `${role}@loja.com.br`, name: role, passwordHash: 'x', role }).returning();
    cookies[role] = await encode({ token: { sub: String(u.id), sv: 0 }, secret: env().authSecret });
  }
  [order] = await insertOrders([{ status: 'paid', method: 'pix', totalCents: 5000 }]);
  const [p] = await db().insert(products).values({ slug: 'alvo-dos-papeis', name: 'Alvo', description: '', priceCents: 1000, imagePath: '' }).returning();
  productId = p.id;
  linkId = (await createLink({ title: 'Bolo', description: null, amountCents: 15000, minAmountCents: null, methods: 'both', pixDiscount: false, expiresOn: null, maxPayments: null } as never, 'dono@loja.com.br')).id;
});
beforeEach(() => vi.clearAllMocks());

const snapshot = async () => ({
  orders: await db().select().from(orders),
  notes: await db().select().from(orderNotes),
  settings: await db().select().from(merchantSettings),
  email: await db().select().from(emailSettings),
  shipping: await db().select().from(shippingSettings),
  shop: await db().select().from(shopIdentity),
  products: await db().select().from(products),
  links: await db().select().from(paymentLinks),
  users: await db().select().from(users),
  tokens: await db().select().from(accountTokens),
  reviews: await db().select().from(reviews),
  reviewSettings: await db().select().from(reviewSettings),
  feedSettings: await db().select().from(feedSettings),
});

type Call = () => Promise<unknown>;
const ACTIONS: [string, Permission, Call][] = [
  ['cancelOrderAction', 'orders:act', () => orderActions.cancelOrderAction(null, fd({ orderId: order.id }))],
  ['refundOrderAction', 'orders:act', () => orderActions.refundOrderAction(null, fd({ orderId: order.id, amount: '10,00', reason: '3', description: 'teste' }))],
  ['reconcileOrderAction', 'orders:act', () => orderActions.reconcileOrderAction(null, fd({ orderId: order.id }))],
  ['reconcileAllAction', 'orders:act', () => orderActions.reconcileAllAction(null, fd({}))],
  ['returnStockAction', 'orders:act', () => orderActions.returnStockAction(null, fd({ orderId: order.id }))],
  ['manualRefundAction', 'orders:act', () => fulfilment.manualRefundAction(null, fd({ orderId: order.id, amount: '1,00', reason: 'teste' }))],
  ['addOrderNoteAction', 'orders:note', () => notes.addOrderNoteAction(null, fd({ orderId: order.id, body: 'Embrulhar para presente' }))],
  ['shipOrderAction', 'fulfilment:act', () => fulfilment.shipOrderAction(null, fd({ orderId: order.id, carrier: 'Correios', code: 'nada' }))],
  ['correctTrackingAction', 'fulfilment:act', () => fulfilment.correctTrackingAction(null, fd({ orderId: order.id, carrier: 'Correios', code: 'nada' }))],
  ['deliverOrderAction', 'fulfilment:act', () => fulfilment.deliverOrderAction(null, fd({ orderId: 'nenhum' }))],
  ['readyForPickupAction', 'fulfilment:act', () => fulfilment.readyForPickupAction(null, fd({ orderId: 'nenhum' }))],
  ['pickedUpAction', 'fulfilment:act', () => fulfilment.pickedUpAction(null, fd({ orderId: 'nenhum' }))],
  ['buyLabelAction', 'orders:act', () => labels.buyLabelAction(null, fd({ orderId: order.id }))],
  ['buyLabelsAction', 'orders:act', () => labels.buyLabelsAction(null, fd({ orderId: order.id }))],
  ['shipBatchAction', 'fulfilment:act', () => fulfilment.shipBatchAction(null, fd({ file: '' }))],
  ['saveSettingsAction', 'payments:configure', () => orderActions.saveSettingsAction(null, fd({ boletoFinePercent: 'x' }))],
  ['saveShippingAction', 'settings:edit', () => shipping.saveShippingAction(null, fd({ national: 'x' }))],
  ['saveEmailSettingsAction', 'shop:edit', () => emailActions.saveEmailSettingsAction(null, fd({ replyTo: 'não é e-mail' }))],
  ['saveShopIdentityAction', 'shop:edit', () => shop.saveShopIdentityAction(null, fd({ name: '' }))],
  ['savePoliciesAction', 'shop:edit', () => shop.savePoliciesAction(null, fd({ policyReturns: '<script>' }))],
  ['resendInstructionsAction', 'emails:resend', () => emailActions.resendInstructionsAction(null, fd({ orderId: order.id }))],
  ['saveProductAction', 'catalog:edit', () => productActions.saveProductAction(null, fd({ name: '', price: 'x' }))],
  // The editor's one "Salvar produto" (the same action with a productId), here making the product digital.
  ['saveProductAction (editor, digital)', 'catalog:edit', () => productActions.saveProductAction(null, fd({ productId: String(productId), name: 'Alvo', price: '10,00', digital: 'on', digitalShown: '1', digitalKind: 'link', digitalUrl: 'não é link' }))],
  ['saveProductAction (editor, no longer digital)', 'catalog:edit', () => productActions.saveProductAction(null, fd({ productId: String(productId), name: 'Alvo', price: '10,00', digitalShown: '1' }))],
  ['removeProductAction', 'catalog:edit', () => productActions.removeProductAction(null, fd({ productId: '999999' }))],
  ['restoreProductAction', 'catalog:edit', () => productActions.restoreProductAction(null, fd({ productId: '999999' }))],
  ['removePhotoAction', 'catalog:edit', () => productActions.removePhotoAction(null, fd({ productId: String(productId), photoId: '999999' }))],
  ['movePhotoAction', 'catalog:edit', () => productActions.movePhotoAction(null, fd({ productId: String(productId), photoId: '999999', to: 'cover' }))],
  ['createLinkAction', 'links:edit', () => linkActions.createLinkAction(null, fd({ title: '' }))],
  ['createCouponAction', 'coupons:edit', () => couponActions.createCouponAction(null, fd({ code: '' }))],
  ['toggleCouponAction', 'coupons:edit', () => couponActions.toggleCouponAction(null, fd({ couponId: 'x' }))],
  ['disableLinkAction', 'links:edit', () => linkActions.disableLinkAction(null, fd({ linkId }))],
  ['inviteMemberAction', 'people:manage', () => team.inviteMemberAction(null, fd({ email: 'não é e-mail', role: 'attendant' }))],
  ['removeMemberAction', 'people:manage', () => team.removeMemberAction(null, fd({ userId: '999999' }))],
  ['renewDigitalAccessAction', 'digital:files', () => digital.renewDigitalAccessAction(null, fd({ orderId: order.id }))],
  ['revokeDigitalAccessAction', 'digital:files', () => digital.revokeDigitalAccessAction(null, fd({ orderId: order.id }))],
  ['publishReviewAction', 'reviews:moderate', () => reviewActions.publishReviewAction(null, fd({ reviewId: '999999' }))],
  ['hideReviewAction', 'reviews:moderate', () => reviewActions.hideReviewAction(null, fd({ reviewId: '999999' }))],
  ['replyReviewAction', 'reviews:moderate', () => reviewActions.replyReviewAction(null, fd({ reviewId: '999999', resposta: 'Obrigado!' }))],
  ['saveReviewSettingsAction', 'reviews:moderate', () => reviewSettingsActions.saveReviewSettingsAction(null, fd({ dias: '5', publicar: 'on' }))],
  ['saveFeedSettingsAction', 'settings:edit', () => channels.saveFeedSettingsAction(null, fd({ marca: 'Marca', codigo: 'on' }))],
  ['rotateFeedTokenAction', 'settings:edit', () => channels.rotateFeedTokenAction(null, fd({}))],
  ['verifyFeedAction', 'dashboard:view', () => channels.verifyFeedAction(null, fd({}))],
  ['changePasswordAction', 'account:edit', () => account.changePasswordAction(null, fd({ current: '', password: 'x', confirm: 'y' }))],
];

const CASES = ACTIONS.flatMap(([name, permission, call]) => ROLES.map((role) => [name, role, permission, call] as const));

describe('each dashboard action × each role', () => {
  it.each(CASES)('%s as %s', async (_name, role, permission, call) => {
    jar.cookies = [{ name: 'next-auth.session-token', value: cookies[role]! }];
    const refusal = { ok: false, error: refusalMessage(role, permission) };
    if (!can(role, permission)) {
      const before = await snapshot();
      expect(await call()).toMatchObject(refusal);
      expect(await snapshot()).toEqual(before);
    } else {
      const result = await call().catch((e: unknown) => ({ thrown: String(e) }));
      expect(result).not.toMatchObject(refusal);
    }
  });

  it('an Atendente cannot refund, cancel, change settings or links, nor manage people; it moves fulfilment', () => {
    const refused = ACTIONS.filter(([, p]) => !can('attendant', p)).map(([n]) => n);
    expect(refused).toEqual(expect.arrayContaining(['refundOrderAction', 'cancelOrderAction', 'manualRefundAction', 'saveSettingsAction', 'saveShippingAction', 'createLinkAction', 'disableLinkAction', 'createCouponAction', 'toggleCouponAction', 'inviteMemberAction']));
    expect(refused).not.toContain('shipOrderAction');
    expect(refused).not.toContain('addOrderNoteAction');
  });

  it('the public demo\'s login never buys a label with a real Melhor Envio token; the owner may', async () => {
    const { saveCarrierSettings, getCarrierSettings } = await import('@/lib/shipping/carrier');
    const { DEMO_REAL_LABELS } = await import('@/lib/fulfilment/labels');
    const before = await getCarrierSettings();
    await saveCarrierSettings({ ...before, enabled: true, token: 'me_token_real' });
    try {
      jar.cookies = [{ name: 'next-auth.session-token', value: cookies.demo! }];
      expect(await labels.buyLabelAction(null, fd({ orderId: order.id }))).toMatchObject({ ok: false, error: DEMO_REAL_LABELS });
      expect(await labels.buyLabelsAction(null, fd({ orderId: order.id }))).toMatchObject({ ok: false, error: DEMO_REAL_LABELS });
      jar.cookies = [{ name: 'next-auth.session-token', value: cookies.owner! }];
      expect(await labels.buyLabelAction(null, fd({ orderId: order.id }))).not.toMatchObject({ error: DEMO_REAL_LABELS });
    } finally {
      await saveCarrierSettings({ ...before, token: '' });
    }
  });

  it('a Gerente is refused only people and payment settings', () => {
    expect(ACTIONS.filter(([, p]) => !can('manager', p)).map(([n]) => n)).toEqual(['saveSettingsAction', 'inviteMemberAction', 'removeMemberAction']);
  });
});
