/**
 * The saved checkout on a payment link (/pagar/<code>) and an API session's hosted checkout
 * (/c/<id>), through their real use-cases (payLink, paySession) and the autosave's
 * saveCheckoutDraft, against a real SQLite file and the real placeOrder (in-memory provider):
 * created only after a valid contact, never the CPF, updated, converted by the order, restored
 * onto that same path, reminded while the link or session still takes payments.
 */
import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { checkoutDrafts, checkoutSessions, emailOutbox, orders, paymentLinks } from '@/db/schema';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { prepareDatabase } from '@/test/payments/db';
import { insertApiKey, insertCheckoutSession } from '@/test/checkout/api-session';
import { createLink } from '@/lib/links/links';
import type { NewLink } from '@/lib/links/link-form';
import { draftOfCookie } from '@/lib/checkout/drafts/drafts';
import { checkoutPathOf, restoreDraft } from '@/lib/checkout/drafts/restore';
import { enqueueDueDraftReminders } from '@/lib/checkout/drafts/reminders';
import { DEFAULT_REMINDERS, saveReminderSteps } from '@/lib/checkout/drafts/settings';
import { draftLinkToken } from '@/lib/email/draft-links';
import { loadCartReminderEmail } from '@/lib/email/cart-reminder';
import { draftSourceOf, saveCheckoutDraft } from './draft';
import { payLink } from './pay-link';
import { paySession } from './sessions/pay/pay-session';
import { formData as form } from '@/test/form-data';

const SECRET = 'x'.repeat(32);
const H = 3_600_000;
const LINK: NewLink = { title: 'Aula de cerâmica', description: null, amountCents: 12000, minAmountCents: null, methods: 'both', pixDiscount: false, expiresOn: null, maxPayments: null };
let keyId: string;

beforeAll(async () => {
  await prepareDatabase();
  await saveReminderSteps(DEFAULT_REMINDERS);
  keyId = await insertApiKey();
});
beforeEach(() => startProcessContext([paymentProvider.provide(new FakePaymentProvider())]));
afterAll(() => startProcessContext());

const email = () => `cliente-${randomUUID().slice(0, 8)}@exemplo.com.br`;
const pix = (over: Record<string, string>) => ({ checkoutKey: randomUUID(), method: 'pix', name: 'Ana Souza', document: '529.982.247-25', ...over });
const rowOf = async (id: string) => (await database().db.select().from(checkoutDrafts).where(eq(checkoutDrafts.id, id)))[0];
const orderIdOf = async (token: string) => (await database().db.select({ id: orders.id }).from(orders).where(eq(orders.token, token)))[0].id;
const remindersOf = (draftId: string) => database().db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, `draft:${draftId}:%`));

const newSession = () => insertCheckoutSession(keyId, { name: 'Mentoria', unitPriceCents: 4990, quantity: 2 }, { expiresAt: new Date(Date.now() + 3 * H).toISOString() });

describe('draftSourceOf', () => {
  it("names the checkout by the form's hidden field", () => {
    expect(draftSourceOf(form({ email: 'a@b.co' }))).toEqual({ source: 'cart', sourceRef: null });
    expect(draftSourceOf(form({ linkCode: 'AbC123' }))).toEqual({ source: 'link', sourceRef: 'AbC123' });
    expect(draftSourceOf(form({ sessionId: 'cs_1' }))).toEqual({ source: 'session', sourceRef: 'cs_1' });
  });
});

describe('a payment link’s draft', () => {
  it('is created by a submit only once the e-mail is valid, without the CPF; updated by the autosave; converted by the order', async () => {
    const link = await createLink(LINK, 'demo@balcao.dev');
    const browser = randomUUID();
    const target = { source: 'link' as const, sourceRef: link.code };
    const to = email();
    // No valid contact yet: nothing is kept.
    await payLink(link.code, form(pix({ linkCode: link.code, email: 'ana@', document: '' })), { ip: '10.1.0.1', draftCookie: browser });
    expect(await draftOfCookie(browser, target)).toBeUndefined();
    // A submit with a valid e-mail (the CPF missing): the draft, with the link's line and price.
    const refused = await payLink(link.code, form(pix({ linkCode: link.code, email: to, document: '' })), { ip: '10.1.0.1', draftCookie: browser });
    expect(refused.ok).toBe(false);
    const draft = (await draftOfCookie(browser, target))!;
    expect(draft).toMatchObject({ source: 'link', sourceRef: link.code, email: to, totalCents: 12000, step: 'payment' });
    expect(JSON.parse(draft.lines)).toEqual([{ productId: null, quantity: 1, unitCents: 12000, name: 'Aula de cerâmica' }]);
    // The autosave updates the same draft and never keeps the CPF; the cart's draft is another one.
    expect(await saveCheckoutDraft(browser, target, { email: to, name: 'Ana Lima', document: '52998224725' }, false)).toBe(draft.id);
    const saved = await rowOf(draft.id);
    expect(JSON.parse(saved.fields)).toMatchObject({ name: 'Ana Lima', email: to });
    expect(saved.fields).not.toContain('52998224725');
    expect(await draftOfCookie(browser)).toBeUndefined();
    // The order converts it (linked to the order).
    const paid = await payLink(link.code, form(pix({ linkCode: link.code, email: to })), { ip: '10.1.0.1', draftCookie: browser });
    expect(paid.ok).toBe(true);
    if (!paid.ok) return;
    expect(await rowOf(draft.id)).toMatchObject({ status: 'converted', orderId: await orderIdOf(paid.orderToken), remindersAtConversion: 0 });
  });

  it('keeps the amount a buyer types on an open-amount link', async () => {
    const link = await createLink({ ...LINK, amountCents: null, minAmountCents: 1000 }, 'demo@balcao.dev');
    const browser = randomUUID();
    const id = await saveCheckoutDraft(browser, { source: 'link', sourceRef: link.code }, { email: email(), amount: 'R$ 75,50' }, false);
    expect((await rowOf(id!)).totalCents).toBe(7550);
    // The same browser on another link: a draft of its own, the first one untouched.
    const second = await createLink(LINK, 'demo@balcao.dev');
    const other = await saveCheckoutDraft(browser, { source: 'link', sourceRef: second.code }, { email: email() }, false);
    expect(other).not.toBe(id);
    expect(await rowOf(id!)).toMatchObject({ sourceRef: link.code, totalCents: 7550 });
    expect(await saveCheckoutDraft(randomUUID(), { source: 'link', sourceRef: 'AAAAAAAAAAAA' }, { email: email() }, false)).toBeNull();
  });

  it('is reminded (the link’s title and price), restores onto that link, and gets no e-mail once the link is off', async () => {
    const link = await createLink(LINK, 'demo@balcao.dev');
    const target = { source: 'link' as const, sourceRef: link.code };
    const id = (await saveCheckoutDraft(randomUUID(), target, { email: email(), name: 'Bia' }, false))!;
    await enqueueDueDraftReminders(Date.now() + 2 * H);
    const [row] = await remindersOf(id);
    expect(row).toMatchObject({ status: 'pending', kind: 'cart_reminder' });
    const mail = await loadCartReminderEmail(row);
    if ('skip' in mail) throw new Error(mail.skip);
    expect(mail.rendered.text).toContain('1 × Aula de cerâmica: R$ 120,00');
    expect(mail.rendered.text).toContain('Você começou o pagamento de “Aula de cerâmica” de R$ 120,00');
    expect(mail.rendered.subject).toContain('Seu pagamento ficou pela metade');
    // "Finalizar minha compra": the same link, its fields back in the opening browser; no cart lines.
    const opener = randomUUID();
    const restored = await restoreDraft(draftLinkToken('restore', { id, nonce: 0, step: 1 }, SECRET), opener, SECRET, Date.now() + 2 * H);
    expect(restored).toEqual({ ok: true, lines: [], source: 'link', sourceRef: link.code });
    expect(checkoutPathOf('link', link.code)).toBe(`/pagar/${link.code}`);
    expect((await draftOfCookie(opener, target))?.id).toBe(id);
    // Paid from the restoring browser: converted, counted as recovered (a reminder went before).
    const paid = await payLink(link.code, form(pix({ linkCode: link.code, email: 'outra@exemplo.com.br' })), { ip: '10.1.0.3', draftCookie: opener });
    expect(paid.ok).toBe(true);
    if (!paid.ok) return;
    expect(await rowOf(id)).toMatchObject({ status: 'converted', orderId: await orderIdOf(paid.orderToken), remindersAtConversion: 1 });

    // A link switched off: its draft gets no e-mail.
    const off = await createLink(LINK, 'demo@balcao.dev');
    const offId = (await saveCheckoutDraft(randomUUID(), { source: 'link', sourceRef: off.code }, { email: email() }, false))!;
    await database().db.update(paymentLinks).set({ disabledAt: new Date().toISOString() }).where(eq(paymentLinks.id, off.id));
    await enqueueDueDraftReminders(Date.now() + 2 * H);
    expect(await remindersOf(offId)).toEqual([]);
  });

  it('is converted by an order of the same buyer on the same link from another browser, not by one on another link', async () => {
    const link = await createLink(LINK, 'demo@balcao.dev');
    const other = await createLink(LINK, 'demo@balcao.dev');
    const to = email();
    const id = (await saveCheckoutDraft(randomUUID(), { source: 'link', sourceRef: link.code }, { email: to }, false))!;
    expect((await payLink(other.code, form(pix({ linkCode: other.code, email: to })), { ip: '10.1.0.2' })).ok).toBe(true);
    await enqueueDueDraftReminders(Date.now() + 2 * H);
    expect(await rowOf(id)).toMatchObject({ status: 'open', remindersSent: 1 });
    const placed = await payLink(link.code, form(pix({ linkCode: link.code, email: to })), { ip: '10.1.0.2' });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    await enqueueDueDraftReminders(Date.now() + 30 * H);
    expect(await rowOf(id)).toMatchObject({ status: 'converted', orderId: await orderIdOf(placed.orderToken) });
  });
});

describe('an API session’s draft', () => {
  it('is created after a valid phone, with the session’s lines; converted by its order; another browser’s draft of it is converted too', async () => {
    const sessionId = await newSession();
    const target = { source: 'session' as const, sourceRef: sessionId };
    const browser = randomUUID();
    const elsewhere = (await saveCheckoutDraft(randomUUID(), target, { email: email() }, false))!;
    await paySession(sessionId, form(pix({ sessionId, email: '', phone: '(11) 98765', document: '' })), { ip: '10.2.0.1', draftCookie: browser });
    expect(await draftOfCookie(browser, target)).toBeUndefined();
    await paySession(sessionId, form(pix({ sessionId, email: '', phone: '(11) 98765-4321', document: '' })), { ip: '10.2.0.1', draftCookie: browser });
    const draft = (await draftOfCookie(browser, target))!;
    expect(draft).toMatchObject({ source: 'session', phone: '11987654321', email: null, totalCents: 9980 });
    expect(JSON.parse(draft.lines)).toEqual([{ productId: null, quantity: 2, unitCents: 4990, name: 'Mentoria' }]);
    expect(draft.fields).not.toContain('529');

    const paid = await paySession(sessionId, form(pix({ sessionId, email: email() })), { ip: '10.2.0.1', draftCookie: browser });
    expect(paid.ok).toBe(true);
    if (!paid.ok) return;
    const orderId = await orderIdOf(paid.orderToken);
    expect(await rowOf(draft.id)).toMatchObject({ status: 'converted', orderId });
    // The session has its order: the other browser's draft is converted when its reminder falls due, no e-mail.
    await enqueueDueDraftReminders(Date.now() + 2 * H);
    expect(await rowOf(elsewhere)).toMatchObject({ status: 'converted', orderId });
    expect(await remindersOf(elsewhere)).toEqual([]);
  });

  it('is reminded while the session is open and restores onto /c/<id>; an expired session gets no e-mail', async () => {
    const sessionId = await newSession();
    const id = (await saveCheckoutDraft(randomUUID(), { source: 'session', sourceRef: sessionId }, { email: email() }, false))!;
    await enqueueDueDraftReminders(Date.now() + 2 * H - 60_000);
    const [row] = await remindersOf(id);
    const mail = await loadCartReminderEmail(row);
    if ('skip' in mail) throw new Error(mail.skip);
    expect(mail.rendered.text).toContain('2 × Mentoria: R$ 99,80');
    const restored = await restoreDraft(draftLinkToken('restore', { id, nonce: 0, step: 1 }, SECRET), randomUUID(), SECRET, Date.now() + 2 * H);
    expect(restored).toMatchObject({ ok: true, source: 'session', sourceRef: sessionId });
    expect(checkoutPathOf('session', sessionId)).toBe(`/c/${sessionId}`);
    expect(checkoutPathOf('cart', null)).toBe('/checkout');

    const gone = await newSession();
    const goneId = (await saveCheckoutDraft(randomUUID(), { source: 'session', sourceRef: gone }, { email: email() }, false))!;
    await database().db.update(checkoutSessions).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(checkoutSessions.id, gone));
    await enqueueDueDraftReminders(Date.now() + 2 * H);
    expect(await remindersOf(goneId)).toEqual([]);
  });
});
