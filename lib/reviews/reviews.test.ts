import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatorAdvanceClock } from '@balcao/payment-sandbox';
import { database } from '@/db';
import { conversations } from '@balcao/whatsapp-sandbox';
import { emailOutbox, orders, outboundEvents, reviewRequests, reviews, whatsappOutbox } from '@/db/schema';
import { anonymiseBuyer, buyerDataExport } from '@/lib/buyers/buyer-data';
import { env } from '@/lib/config/env';
import { defaultSandbox } from '@/lib/embedded-provider';
import { shopNow } from '@/lib/embedded-provider/clock';
import { loadEmailData } from '@/lib/email/load';
import { renderEmail } from '@/lib/email/templates';
import { listApiReviews } from '@/lib/public-api/reviews';
import { reviewLinkToken } from '@/lib/security/tokens';
import { SKIPPED_CAP, SKIPPED_SWITCH, whatsappKey } from '@/lib/whatsapp/enqueue';
import { whatsappSandbox } from '@/lib/whatsapp/sandbox';
import { drainWhatsapp } from '@/lib/whatsapp/sender';
import { saveWhatsappSettings, type WhatsappSettingsInput } from '@/lib/whatsapp/settings';
import { scriptJson } from '@/lib/shop/share';
import { clearOrders, prepareDatabase, productIdBySlug } from '@/test/payments/db';
import { reviewableOrder } from '@/test/reviews/orders';
import { newestReviews, productReviews, ratingsOf, withReviewsJsonLd } from './display';
import { moderationPage, replyToReview, setReviewStatus } from './moderation';
import { runReviewRequestsOnce } from './request-loop';
import { enqueueDueReviewRequests } from './schedule';
import { saveReviewSettings } from './settings';
import { ALREADY_REVIEWED, NOT_YET, reviewPage, submitReview, type ReviewForm } from './submit';
import { shownNameOf, summaryText } from './words';

const DAY = 86_400_000;
const tokenOf = (orderId: string) => reviewLinkToken(orderId, env().authSecret);
const form = (item: number, nota: number, more: Partial<ReviewForm> = {}): ReviewForm => ({ item, nota, comentario: '', mostrarNome: false, ...more });
let client = 0;
/** Each submit from its own address, so the per-address limit is tested only where it is meant to be. */
const submit = (orderId: string, f: ReviewForm) => submitReview(tokenOf(orderId), f, `client-${++client}`);

let productA: number;
let productB: number;

beforeAll(async () => {
  await prepareDatabase();
  productA = await productIdBySlug('cafe-especial-250g');
  productB = await productIdBySlug('caneca-ceramica');
});

async function requestsOf(orderId: string) {
  return database().db.select().from(reviewRequests).where(eq(reviewRequests.orderId, orderId));
}

describe('"Avalie sua compra": the request schedule, on the sandbox clock', () => {
  it('goes 7 days after Entregue, after Retirado, after payment for a digital order; once; never for what is not delivered', async () => {
    await clearOrders();
    const at = new Date(shopNow()).toISOString();
    const delivered = await reviewableOrder({ productIds: [productA, productB], at });
    const pickedUp = await reviewableOrder({ productIds: [productA], fulfillment: 'picked_up', shipping: 'pickup', at });
    const digital = await reviewableOrder({ productIds: [productB], fulfillment: 'unfulfilled', shipping: null, at });
    const shipped = await reviewableOrder({ productIds: [productA], fulfillment: 'shipped', at });
    const refunded = await reviewableOrder({ productIds: [productA], status: 'refunded', at });

    expect(await runReviewRequestsOnce()).toEqual({ requested: 0, left: 0 });
    simulatorAdvanceClock(defaultSandbox(), 6 * 86_400);
    expect((await runReviewRequestsOnce()).requested).toBe(0);
    simulatorAdvanceClock(defaultSandbox(), 2 * 86_400);
    expect(await runReviewRequestsOnce()).toEqual({ requested: 3, left: 0 });
    expect(await runReviewRequestsOnce()).toEqual({ requested: 0, left: 0 });

    for (const o of [delivered, pickedUp, digital]) {
      const [req] = await requestsOf(o.orderId);
      expect(req.dueAt).toBe(new Date(Date.parse(at) + 7 * DAY).toISOString());
      const mails = await database().db.select().from(emailOutbox).where(eq(emailOutbox.orderId, o.orderId));
      expect(mails.map((m) => [m.kind, m.status, m.dedupeKey])).toEqual([['review_request', 'pending', `email:${o.orderId}:review_request`]]);
    }
    for (const o of [shipped, refunded]) expect(await requestsOf(o.orderId)).toEqual([]);
  });

  it("follows the merchant's number of days, and leaves orders older than the window alone", async () => {
    await clearOrders();
    const now = shopNow();
    const recent = await reviewableOrder({ productIds: [productA], at: new Date(now - 3 * DAY).toISOString() });
    const ancient = await reviewableOrder({ productIds: [productA], at: new Date(now - 90 * DAY).toISOString() });
    await saveReviewSettings({ delayDays: 4, autoPublishHigh: false });
    expect((await enqueueDueReviewRequests({ now })).requested).toBe(0);
    await saveReviewSettings({ delayDays: 3, autoPublishHigh: false });
    expect((await enqueueDueReviewRequests({ now })).requested).toBe(1);
    expect(await requestsOf(recent.orderId)).toHaveLength(1);
    expect(await requestsOf(ancient.orderId)).toEqual([]);
    await saveReviewSettings({ delayDays: 7, autoPublishHigh: false });
  });

  it('is time-boxed: a pass past its deadline says how much it left, and the next one takes it', async () => {
    await clearOrders();
    const now = shopNow();
    for (let i = 0; i < 60; i++) await reviewableOrder({ productIds: [productA], at: new Date(now - 8 * DAY).toISOString() });
    const first = await enqueueDueReviewRequests({ now, deadlineMs: 1 });
    expect(first).toEqual({ requested: 50, left: 10 });
    expect(await enqueueDueReviewRequests({ now })).toEqual({ requested: 10, left: 0 });
  });

  it("the e-mail carries the order's signed link and names its products", async () => {
    await clearOrders();
    const o = await reviewableOrder({ productIds: [productA], at: new Date(shopNow() - 8 * DAY).toISOString() });
    await enqueueDueReviewRequests({ now: shopNow() });
    const data = await loadEmailData({ orderId: o.orderId, kind: 'review_request', dedupeKey: `email:${o.orderId}:review_request` });
    const mail = renderEmail(data!);
    expect(mail.subject).toMatch(/^Avalie sua compra: pedido /);
    expect(mail.text).toContain(`${env().appUrl}/avaliar/${tokenOf(o.orderId)}`);
    expect(mail.text).toContain(`Produto ${productA}`);
  });
});

describe('"Avalie sua compra" by WhatsApp', () => {
  const WA: WhatsappSettingsInput = { enabled: true, phoneNumberId: '', businessAccountId: '', sendInstructions: true, sendPaid: true, sendShipped: true, sendCartReminder: false, sendReviewRequest: true };
  let seq = 0;
  const consented = async (phone: string, consent = true) => {
    const o = await reviewableOrder({ productIds: [productA], at: new Date(shopNow() - 8 * DAY).toISOString() });
    await database().db.update(orders).set({ buyerPhone: phone, whatsappConsent: consent, number: 5000 + ++seq }).where(eq(orders.id, o.orderId));
    return o;
  };
  const waRowOf = async (orderId: string) => (await database().db.select().from(whatsappOutbox).where(eq(whatsappOutbox.dedupeKey, whatsappKey(orderId, 'review_request'))))[0];

  it('goes to a consenting buyer once, beside the e-mail, with the signed link as the button; none without consent', async () => {
    await clearOrders();
    await saveWhatsappSettings(WA);
    const yes = await consented('11987650001');
    const no = await consented('11987650002', false);
    await Promise.all([enqueueDueReviewRequests({ now: shopNow() }), enqueueDueReviewRequests({ now: shopNow() })]);
    await enqueueDueReviewRequests({ now: shopNow() });
    const rows = await database().db.select().from(whatsappOutbox).where(eq(whatsappOutbox.kind, 'review_request'));
    expect(rows.map((r) => [r.orderId, r.status, r.recipient])).toEqual([[yes.orderId, 'pending', '+5511987650001']]);
    expect(await waRowOf(no.orderId)).toBeUndefined();
    expect((await database().db.select().from(emailOutbox).where(eq(emailOutbox.orderId, no.orderId))).map((m) => m.kind)).toEqual(['review_request']);

    await drainWhatsapp({ keys: [whatsappKey(yes.orderId, 'review_request')] });
    expect(await waRowOf(yes.orderId)).toMatchObject({ status: 'sent', attempts: 1 });
    const convo = conversations(whatsappSandbox()).find((c) => c.peer === '5511987650001')!;
    expect(convo.messages).toHaveLength(1);
    expect(convo.messages[0].text).toMatch(/^Avalie sua compra: como foi o pedido #5\d+ na /);
    expect(JSON.stringify(convo.messages[0])).toContain(`/avaliar/${tokenOf(yes.orderId)}`);
  });

  it('is skipped while the merchant’s switch is off, and over the number’s 3 messages a day', async () => {
    await clearOrders();
    await saveWhatsappSettings({ ...WA, sendReviewRequest: false });
    const off = await consented('11987650003');
    await enqueueDueReviewRequests({ now: shopNow() });
    expect(await waRowOf(off.orderId)).toMatchObject({ status: 'skipped', lastError: SKIPPED_SWITCH });

    await saveWhatsappSettings(WA);
    const capped = [];
    for (let i = 0; i < 4; i++) capped.push(await consented('11987650004'));
    await enqueueDueReviewRequests({ now: shopNow() });
    const statuses = await Promise.all(capped.map((o) => waRowOf(o.orderId)));
    expect(statuses.map((r) => r.status).sort()).toEqual(['pending', 'pending', 'pending', 'skipped']);
    expect(statuses.find((r) => r.status === 'skipped')!.lastError).toBe(SKIPPED_CAP);
    await saveWhatsappSettings({ ...WA, sendReviewRequest: false, enabled: false });
  });
});

describe('/avaliar/<token>: one review per order line, only for delivered orders', () => {
  it('refuses a forged token and an order not delivered yet', async () => {
    await clearOrders();
    const o = await reviewableOrder({ productIds: [productA], fulfillment: 'shipped' });
    expect(await reviewPage(`${o.orderId}.${'A'.repeat(43)}`)).toEqual({ state: 'unknown' });
    expect(await reviewPage('nada')).toEqual({ state: 'unknown' });
    expect((await reviewPage(tokenOf(o.orderId))).state).toBe('not_yet');
    expect(await submit(o.orderId, form(o.itemIds[0], 5))).toEqual({ ok: false, error: NOT_YET });
    expect(await submitReview(`${o.orderId}.${'A'.repeat(43)}`, form(o.itemIds[0], 5), 'x')).toMatchObject({ ok: false });
  });

  it('takes one review per line, even from two tabs at once; another order’s line is refused', async () => {
    await clearOrders();
    const o = await reviewableOrder({ productIds: [productA, productB], buyerName: 'maria da silva' });
    const other = await reviewableOrder({ productIds: [productA] });
    const results = await Promise.all([submit(o.orderId, form(o.itemIds[0], 5)), submit(o.orderId, form(o.itemIds[0], 4))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, error: ALREADY_REVIEWED }]);
    expect(await submit(o.orderId, form(other.itemIds[0], 5))).toMatchObject({ ok: false, error: 'Este produto não está neste pedido.' });
    expect(await submit(o.orderId, form(o.itemIds[1], 3, { comentario: 'Boa, mas demorou.', mostrarNome: true }))).toEqual({ ok: true, published: false });
    const page = await reviewPage(tokenOf(o.orderId));
    expect(page).toMatchObject({ state: 'open', shownName: 'Maria S.' });
    if (page.state === 'open') expect(page.lines.map((l) => l.reviewed !== null)).toEqual([true, true]);
    const rows = await database().db.select().from(reviews).where(eq(reviews.orderId, o.orderId));
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
    expect(rows.find((r) => r.orderItemId === o.itemIds[1])!.authorName).toBe('Maria S.');
    expect(rows.find((r) => r.orderItemId === o.itemIds[0])!.authorName).toBe('');
    const events = await database().db.select().from(outboundEvents).where(eq(outboundEvents.type, 'review.created'));
    expect(events.map((e) => e.dedupeKey).sort()).toEqual([`review.created:${o.itemIds[0]}`, `review.created:${o.itemIds[1]}`].sort());
  });

  it('keeps the comment as text (up to 1,000 characters), and counts sends per client address', async () => {
    await clearOrders();
    const o = await reviewableOrder({ productIds: [productA, productB] });
    const long = await submit(o.orderId, form(o.itemIds[0], 5, { comentario: 'a'.repeat(1001) }));
    expect(long).toMatchObject({ ok: false, fieldErrors: { comentario: 'O comentário pode ter até 1000 caracteres.' } });
    expect(await submit(o.orderId, form(o.itemIds[0], 5, { comentario: '<script>x</script> veja https://spam.example\u0000' }))).toMatchObject({ ok: true });
    const [row] = await database().db.select().from(reviews).where(eq(reviews.orderItemId, o.itemIds[0]));
    expect(row.comment).toBe('<script>x</script> veja https://spam.example');
    const results = [];
    for (let i = 0; i < 21; i++) results.push(await submitReview(tokenOf(o.orderId), form(o.itemIds[1], 1), 'same-address'));
    expect(results.at(-1)).toMatchObject({ ok: false, error: expect.stringContaining('Muitas tentativas') });
  });

  it('names a buyer only by first name and initial, and only when the name is plain letters', () => {
    expect(shownNameOf('MARIA DA SILVA')).toBe('Maria S.');
    expect(shownNameOf('João')).toBe('João');
    expect(shownNameOf('GANHE⠀R$500 pix-premio.example')).toBe('');
  });
});

describe('moderation, the product page and its JSON-LD', () => {
  it('shows only published reviews, newest first, with the average; Ocultar removes one; Responder adds a reply', async () => {
    await clearOrders();
    await database().db.delete(reviews);
    const a = await reviewableOrder({ productIds: [productA] });
    const b = await reviewableOrder({ productIds: [productA], buyerName: 'Ana Souza' });
    await submit(a.orderId, form(a.itemIds[0], 5, { comentario: 'Ótima!' }));
    await submit(b.orderId, form(b.itemIds[0], 4, { mostrarNome: true }));
    expect((await productReviews(productA)).summary).toEqual({ average: 0, count: 0 });
    const queue = await moderationPage();
    expect(queue.pending).toBe(2);
    const [newest, older] = queue.rows;
    expect(newest.orderId).toBe(b.orderId);
    expect(await setReviewStatus(older.id, 'published')).toBe(true);
    expect(await setReviewStatus(newest.id, 'published')).toBe(true);
    const shown = await productReviews(productA);
    expect(shown.summary).toEqual({ average: 4.5, count: 2 });
    expect(summaryText(shown.summary.average, shown.summary.count)).toBe('4,5 de 5 · 2 avaliações');
    expect(shown.reviews.map((r) => r.author)).toEqual(['Ana S.', 'Comprador']);
    expect(await ratingsOf([productA, productB])).toEqual(new Map([[productA, { average: 4.5, count: 2 }]]));
    expect(await replyToReview(older.id, 'Obrigado, volte sempre!')).toEqual({ ok: true });
    expect((await productReviews(productA)).reviews[1].reply).toBe('Obrigado, volte sempre!');
    expect(await setReviewStatus(newest.id, 'hidden')).toBe(true);
    expect((await productReviews(productA)).summary).toEqual({ average: 5, count: 1 });
    expect(await setReviewStatus(999_999, 'published')).toBe(false);
  });

  it('publishes 4 and 5 at once only when "Publicar automaticamente notas 4 e 5" is on', async () => {
    await clearOrders();
    await saveReviewSettings({ delayDays: 7, autoPublishHigh: true });
    const o = await reviewableOrder({ productIds: [productA, productB, productB] });
    expect(await submit(o.orderId, form(o.itemIds[0], 4))).toEqual({ ok: true, published: true });
    expect(await submit(o.orderId, form(o.itemIds[1], 3))).toEqual({ ok: true, published: false });
    await saveReviewSettings({ delayDays: 7, autoPublishHigh: false });
    expect(await submit(o.orderId, form(o.itemIds[2], 5))).toEqual({ ok: true, published: false });
  });

  it('adds aggregateRating and at most 10 reviews to the JSON-LD only when one is published', async () => {
    const product = { '@context': 'https://schema.org', '@type': 'Product', name: 'Camiseta' };
    expect(withReviewsJsonLd(product, { average: 0, count: 0 }, [])).toEqual(product);
    await database().db.delete(reviews);
    await clearOrders();
    const o = await reviewableOrder({ productIds: Array(12).fill(productB) });
    for (const [i, item] of o.itemIds.entries()) {
      await submit(o.orderId, form(item, i % 2 ? 5 : 4, { comentario: i === 0 ? '</script><b>oi</b>' : '' }));
    }
    await database().db.update(reviews).set({ status: 'published' });
    const { summary } = await productReviews(productB);
    const ld = withReviewsJsonLd(product, summary, await newestReviews(productB));
    expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 12, bestRating: 5, worstRating: 1 });
    const items = ld.review as { reviewRating: { ratingValue: number }; author: { name: string }; reviewBody?: string }[];
    expect(items).toHaveLength(10);
    expect(items[0].author.name).toBe('Comprador');
    expect(scriptJson(ld)).not.toContain('</script>');
  });
});

describe('the buyer’s data and the API', () => {
  it('lists reviews in the LGPD export, and "Anonimizar" removes the name shown', async () => {
    await clearOrders();
    const o = await reviewableOrder({ productIds: [productA], buyerName: 'Rita Lee', buyerEmail: 'rita@example.com' });
    await submit(o.orderId, form(o.itemIds[0], 5, { comentario: 'Rita Lee aprovou', mostrarNome: true }));
    const exported = await buyerDataExport({ kind: 'email', email: 'rita@example.com' });
    expect(exported.orders[0].reviews).toEqual([expect.objectContaining({ rating: 5, shown_name: 'Rita L.', comment: 'Rita Lee aprovou' })]);
    expect(await anonymiseBuyer({ kind: 'email', email: 'rita@example.com' }, { id: 1, email: 'dono@loja.test' })).toEqual({ ok: true, orders: 1 });
    const [row] = await database().db.select().from(reviews).where(eq(reviews.orderId, o.orderId));
    expect(row.authorName).toBe('');
    expect(row.comment).not.toContain('Rita Lee');
  });

  it('review.created reaches an endpoint subscribed to it with data.review', async () => {
    const { createEndpoint } = await import('@/lib/outbound-events/webhook-endpoints');
    const { fanOut } = await import('@/lib/outbound-events/delivery/webhook-worker');
    const { outboundDeliveries } = await import('@/db/schema');
    await createEndpoint('https://loja.example/webhooks', ['review.created']);
    await fanOut();
    const o = await reviewableOrder({ productIds: [productA] });
    await submit(o.orderId, form(o.itemIds[0], 4, { comentario: 'Bom' }));
    expect(await fanOut()).toBe(1);
    const deliveries = await database().db.select().from(outboundDeliveries);
    const delivery = deliveries[deliveries.length - 1];
    const body = JSON.parse(delivery.body) as { type: string; data: { review: { rating: number; comment: string; product_id: number } } };
    expect(body.type).toBe('review.created');
    expect(body.data.review).toMatchObject({ rating: 4, comment: 'Bom', product_id: productA });
  });

  it('GET /api/v1/reviews pages newest first with a cursor', async () => {
    const o = await reviewableOrder({ productIds: [productB] });
    await submit(o.orderId, form(o.itemIds[0], 5));
    const first = await listApiReviews(1);
    expect(first!.data).toHaveLength(1);
    expect(first!.data[0]).toMatchObject({ id: expect.stringMatching(/^rev_\d+$/), rating: 5, author: null });
    expect(first!.next_cursor).not.toBeNull();
    const next = await listApiReviews(100, first!.next_cursor!);
    expect(next!.data.every((r) => r.id !== first!.data[0].id)).toBe(true);
    expect(await listApiReviews(10, 'not-a-cursor')).toBeNull();
  });
});
