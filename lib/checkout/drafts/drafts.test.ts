import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { checkoutDrafts, emailOptOuts, emailOutbox, outboundEvents } from '@/db/schema';
import { anonymiseBuyer } from '@/lib/buyers/buyer-data';
import { readDraftLinkToken, draftLinkToken } from '@/lib/email/draft-links';
import { prepareDatabase, insertOrderWithPayment } from '@/test/payments/db';
import { insertProduct, setStock } from '@/test/catalog/products';
import { raceWorkers } from '@/test/worker-process';
import { contactOf, convertDraft, draftOfCookie, saveDraft, type DraftLine } from './drafts';
import { ANOTHER_DRAFT_REASON, deleteOldDrafts, enqueueDueDraftReminders, isExpired } from './reminders';
import { draftChanges, restoreDraft, unsubscribeByToken } from './restore';
import { dueStep, DEFAULT_REMINDERS, saveReminderSteps } from './settings';
import { loadCartReminderEmail } from '@/lib/email/cart-reminder';
import { orderItems, products } from '@/db/schema';
import { startProcessContext } from '@/lib/process/context';

beforeAll(prepareDatabase);

const H = 3_600_000;
const T0 = Date.parse('2026-03-02T12:00:00.000Z');
const SECRET = 'x'.repeat(32);
let productId = 0;

beforeAll(async () => {
  productId = await insertProduct({ slug: `camiseta-${randomUUID().slice(0, 6)}`, name: 'Camiseta', description: '', priceCents: 5000, imagePath: '/products/x.svg', active: true, stock: 10 });
});

const lines = (): DraftLine[] => [{ productId, quantity: 2, unitCents: 5000, name: 'Camiseta' }];
const email = () => `cliente-${randomUUID().slice(0, 8)}@example.com`;
const rows = (draftId: string) => database().db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, `draft:${draftId}:%`));
const draftRow = async (id: string) => (await database().db.select().from(checkoutDrafts).where(eq(checkoutDrafts.id, id)))[0];

async function draft(over: { email?: string; now?: number; session?: string } = {}) {
  const session = over.session ?? randomUUID();
  const id = await saveDraft({ cookieToken: session, source: 'cart', sourceRef: null, values: { email: over.email ?? email(), name: 'Ana Souza', document: '52998224725' }, lines: lines(), totalCents: 10000, now: over.now ?? T0 });
  if (!id) throw new Error('no draft');
  return { id, session };
}

describe('the draft’s life', () => {
  it('is not created before a valid e-mail or phone; then created, without the document; updated by the same browser only', async () => {
    const session = randomUUID();
    const base = { cookieToken: session, source: 'cart' as const, sourceRef: null, lines: lines(), totalCents: 10000, now: T0 };
    expect(await saveDraft({ ...base, values: { email: 'ana@', name: 'Ana' } })).toBeNull();
    expect(await saveDraft({ ...base, values: { phone: '1199' } })).toBeNull();
    const id = await saveDraft({ ...base, values: { email: 'Ana@Example.com', document: '52998224725', name: 'Ana' } });
    expect(id).toBeTruthy();
    const row = await draftRow(id!);
    expect(row.email).toBe('ana@example.com');
    expect(row.fields).not.toContain('52998224725');
    expect(JSON.parse(row.lines)).toEqual(lines());
    // Updated as the shopper goes on: the address step, the same draft.
    expect(await saveDraft({ ...base, now: T0 + 1000, values: { email: '', zip: '01310-100', shipping: 'delivery' } })).toBe(id);
    const after = await draftRow(id!);
    expect(after.email).toBe('ana@example.com');
    expect(after.step).toBe('address');
    expect(after.updatedAt).toBe(new Date(T0 + 1000).toISOString());
    // Another browser gets its own draft.
    const other = await saveDraft({ ...base, cookieToken: randomUUID(), values: { phone: '(11) 98765-4321' } });
    expect(other).not.toBe(id);
    expect((await draftRow(other!)).phone).toBe('11987654321');
    expect(contactOf({ email: 'x@y.com.br', phone: '11 98765-4321' })).toEqual({ email: 'x@y.com.br', phone: '11987654321' });
  });

  it('is converted by the order (no reminder after), expires after 7 days quiet, and is deleted 30 days after its last reminder', async () => {
    const { id, session } = await draft();
    const { order } = await insertOrderWithPayment({ method: 'pix', status: 'pending' });
    expect(await convertDraft(id, order.id, T0 + H)).toBe(true);
    expect(await draftOfCookie(session)).toBeUndefined();
    const row = await draftRow(id);
    expect(row).toMatchObject({ status: 'converted', orderId: order.id, remindersAtConversion: 0 });
    // A late autosave of the browser that just ordered starts no new draft; a later visit may.
    const late = { cookieToken: session, source: 'cart' as const, sourceRef: null, values: { email: 'x@example.com' }, lines: lines(), totalCents: 10000 };
    expect(await saveDraft({ ...late, now: T0 + H + 1000 })).toBeNull();
    expect(await saveDraft({ ...late, now: T0 + 2 * H })).toBeTruthy();
    await enqueueDueDraftReminders(T0 + 100 * H, T0 + 100 * H);
    expect(await rows(id)).toEqual([]);

    const quiet = await draft({ now: T0 });
    expect(isExpired(await draftRow(quiet.id), T0 + 6 * 24 * H)).toBe(false);
    expect(isExpired(await draftRow(quiet.id), T0 + 8 * 24 * H)).toBe(true);
    await deleteOldDrafts(T0 + 29 * 24 * H);
    expect(await draftRow(quiet.id)).toBeDefined();
    await deleteOldDrafts(T0 + 31 * 24 * H);
    expect(await draftRow(quiet.id)).toBeUndefined();
  });
});

describe('the reminder schedule (fixed clock)', () => {
  it('1 h, 24 h, 72 h after the last change; the latest due step only; a conversion between two reminders stops the rest', async () => {
    expect(dueStep(DEFAULT_REMINDERS, 0, T0, T0 + 59 * 60_000)).toBeNull();
    expect(dueStep(DEFAULT_REMINDERS, 0, T0, T0 + H)?.step).toBe(1);
    expect(dueStep(DEFAULT_REMINDERS, 1, T0, T0 + 23 * H)).toBeNull();
    expect(dueStep(DEFAULT_REMINDERS, 0, T0, T0 + 80 * H)?.step).toBe(3);
    expect(dueStep(DEFAULT_REMINDERS.map((s) => (s.step === 1 ? { ...s, on: false } : s)), 0, T0, T0 + 2 * H)).toBeNull();

    const { id } = await draft();
    await enqueueDueDraftReminders(T0 + 30 * 60_000, T0);
    expect(await rows(id)).toEqual([]);
    await enqueueDueDraftReminders(T0 + H, T0);
    await enqueueDueDraftReminders(T0 + H + 1, T0);
    expect((await rows(id)).map((r) => [r.dedupeKey, r.status, r.kind])).toEqual([[`draft:${id}:reminder:1`, 'pending', 'cart_reminder']]);
    // The first due reminder records checkout.abandoned, once.
    expect(await database().db.select().from(outboundEvents).where(eq(outboundEvents.dedupeKey, `checkout.abandoned:${id}`))).toHaveLength(1);
    const { order } = await insertOrderWithPayment({ method: 'pix', status: 'pending' });
    await convertDraft(id, order.id, T0 + 2 * H);
    await enqueueDueDraftReminders(T0 + 25 * H, T0);
    expect(await rows(id)).toHaveLength(1);
    expect((await draftRow(id)).remindersAtConversion).toBe(1);
  });

  it('checkout.abandoned for a draft no e-mail announces: a phone only, or any draft while every reminder is off; once, at the first reminder’s time', async () => {
    const events = async (id: string) => (await database().db.select().from(outboundEvents).where(eq(outboundEvents.dedupeKey, `checkout.abandoned:${id}`))).length;
    const phoneOnly = await saveDraft({ cookieToken: randomUUID(), source: 'cart', sourceRef: null, values: { phone: '(11) 98888-7777' }, lines: lines(), totalCents: 10000, now: T0 });
    await enqueueDueDraftReminders(T0 + 59 * 60_000, T0);
    expect(await events(phoneOnly!)).toBe(0);
    await enqueueDueDraftReminders(T0 + H, T0);
    await enqueueDueDraftReminders(T0 + 25 * H, T0);
    expect(await events(phoneOnly!)).toBe(1);
    expect(await rows(phoneOnly!)).toEqual([]);

    // Every reminder off (an outside CRM takes over): the event still goes, no e-mail is written.
    await saveReminderSteps(DEFAULT_REMINDERS.map((s) => ({ ...s, on: false })));
    try {
      const { id } = await draft();
      await enqueueDueDraftReminders(T0 + H, T0);
      await enqueueDueDraftReminders(T0 + 2 * H, T0);
      expect(await events(id)).toBe(1);
      expect(await rows(id)).toEqual([]);
      // A draft whose buyer ordered it by another path gets none: it is converted.
      const who = email();
      const { id: bought } = await draft({ email: who, now: Date.now() });
      const { order } = await insertOrderWithPayment({ method: 'pix', status: 'pending', buyerEmail: who });
      await database().db.insert(orderItems).values({ orderId: order.id, productId, name: 'Camiseta', quantity: 2, unitPriceCents: 5000, lineTotalCents: 10000 });
      await enqueueDueDraftReminders(Date.now() + 2 * H, Date.now());
      expect(await draftRow(bought)).toMatchObject({ status: 'converted', orderId: order.id });
      expect(await events(bought)).toBe(0);
    } finally {
      await saveReminderSteps(DEFAULT_REMINDERS);
    }
  });

  it('an order of the same e-mail for the same products by another path converts the draft instead', async () => {
    const who = email();
    const { id } = await draft({ email: who, now: Date.now() });
    const { order } = await insertOrderWithPayment({ method: 'pix', status: 'pending', buyerEmail: who });
    await database().db.insert(orderItems).values({ orderId: order.id, productId, name: 'Camiseta', quantity: 1, unitPriceCents: 5000, lineTotalCents: 5000 });
    await enqueueDueDraftReminders(Date.now() + 2 * H, Date.now());
    expect(await draftRow(id)).toMatchObject({ status: 'converted', orderId: order.id });
    expect(await rows(id)).toEqual([]);
  });

  it('writes one e-mail per step with 2 processes scanning at once', async () => {
    const { id } = await draft();
    const answers = await raceWorkers<{ written: number }>('test/drafts/scan-worker.ts', [[T0 + H], [T0 + H]]);
    expect(answers.map((a) => a.written).sort()).toContain(0);
    expect(await rows(id)).toHaveLength(1);
  }, 60_000);

  it('nothing is sent for a draft whose products are all sold out; the e-mail, once sold out later, is not sent', async () => {
    const soldOut = await insertProduct({ slug: `esgotado-${randomUUID().slice(0, 6)}`, name: 'Caneca', description: '', priceCents: 3000, imagePath: '/x.svg', active: true, stock: 1 });
    const id = await saveDraft({ cookieToken: randomUUID(), source: 'cart', sourceRef: null, values: { email: email() }, lines: [{ productId: soldOut, quantity: 1, unitCents: 3000, name: 'Caneca' }], totalCents: 3000, now: T0 });
    await setStock(soldOut, 0);
    await enqueueDueDraftReminders(T0 + H, T0);
    expect(await rows(id!)).toEqual([]);
    expect((await draftRow(id!)).remindersSent).toBe(1);
  });
});

describe('the reminder e-mail, the restore link and the unsubscribe', () => {
  it('shows the lines and the total, with "Finalizar minha compra" and "Não quero receber lembretes"', async () => {
    const who = email();
    const { id } = await draft({ email: who });
    const m = await loadCartReminderEmail({ dedupeKey: `draft:${id}:reminder:1`, recipient: who });
    if ('skip' in m) throw new Error(m.skip);
    expect(m.rendered.html).toContain('Finalizar minha compra');
    expect(m.rendered.html).toContain('Não quero receber lembretes');
    expect(m.rendered.html).toContain('2 × Camiseta');
    expect(m.rendered.text).toContain('Total: R$');
  });

  it('restores once, with a changed price and a sold-out line said; another draft’s token or a forged one does not open it', async () => {
    const gone = await insertProduct({ slug: `some-${randomUUID().slice(0, 6)}`, name: 'Boné', description: '', priceCents: 2000, imagePath: '/x.svg', active: true, stock: 5 });
    const id = (await saveDraft({
      cookieToken: randomUUID(),
      source: 'cart',
      sourceRef: null,
      values: { email: email() },
      lines: [
        { productId, quantity: 1, unitCents: 4000, name: 'Camiseta' },
        { productId: gone, quantity: 1, unitCents: 2000, name: 'Boné' },
      ],
      totalCents: 6000,
      now: Date.now(),
    }))!;
    await setStock(gone, 0);
    await saveReminderSteps(DEFAULT_REMINDERS.map((s) => (s.step === 2 ? { ...s, coupon: 'VOLTA10' } : s)));
    const token = draftLinkToken('restore', { id, nonce: 0, step: 2 }, SECRET);
    expect(await restoreDraft(token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), 'new-session', SECRET, Date.now())).toEqual({ ok: false, reason: 'invalid' });
    expect(readDraftLinkToken('unsubscribe', token, SECRET)).toBeNull();
    const r = await restoreDraft(token, 'new-session', SECRET, Date.now());
    expect(r).toMatchObject({ ok: true, lines: [{ productId, quantity: 1 }] });
    expect((await draftRow(id)).coupon).toBe('VOLTA10');
    expect(await restoreDraft(token, 'x', SECRET, Date.now())).toEqual({ ok: false, reason: 'used' });
    const [p] = await database().db.select().from(products).where(eq(products.id, productId));
    const changes = draftChanges(JSON.parse((await draftRow(id)).lines), [{ productId, name: 'Camiseta', priceCents: p.priceCents, quantity: 1 }]);
    expect(changes).toEqual(['O preço de Camiseta mudou: era R$ 40,00, agora é R$ 50,00.', 'Boné esgotou ou saiu de venda e não está mais no carrinho.']);
    await saveReminderSteps(DEFAULT_REMINDERS);
  });

  it('"Não quero receber lembretes" stops the next reminders of that address, in one click', async () => {
    const who = email();
    const { id } = await draft({ email: who });
    expect(await unsubscribeByToken(draftLinkToken('unsubscribe', { id, nonce: 0, step: 0 }, SECRET), SECRET)).toBe(true);
    expect(await database().db.select().from(emailOptOuts).where(eq(emailOptOuts.email, who))).toHaveLength(1);
    await enqueueDueDraftReminders(T0 + H, T0);
    expect((await rows(id)).map((r) => r.status)).toEqual(['skipped']);
    const m = await loadCartReminderEmail({ dedupeKey: `draft:${id}:reminder:1`, recipient: who });
    expect(m).toHaveProperty('skip');
  });
});

describe('the caps', () => {
  it('EMAILS_PER_RECIPIENT_PER_DAY holds across drafts: a bot typing one address in many checkouts gets it mailed once', async () => {
    const raised = process.env.EMAILS_PER_RECIPIENT_PER_DAY;
    process.env.EMAILS_PER_RECIPIENT_PER_DAY = '1';
    startProcessContext();
    try {
      const who = email();
      const a = await draft({ email: who });
      const b = await draft({ email: who });
      await enqueueDueDraftReminders(T0 + H, T0);
      const statuses = [...(await rows(a.id)), ...(await rows(b.id))].map((r) => [r.status, r.lastError]);
      expect(statuses).toEqual(expect.arrayContaining([['pending', null], ['skipped', ANOTHER_DRAFT_REASON]]));
      expect(statuses).toHaveLength(2);
    } finally {
      process.env.EMAILS_PER_RECIPIENT_PER_DAY = raised;
      startProcessContext();
    }
  });
});

describe('LGPD', () => {
  it('"Anonimizar" deletes the drafts of that e-mail and their reminders at once', async () => {
    const who = email();
    const { id } = await draft({ email: who });
    await enqueueDueDraftReminders(T0 + H, T0);
    expect(await rows(id)).toHaveLength(1);
    const r = await anonymiseBuyer({ kind: 'email', email: who }, { id: 1, email: 'dono@example.com' });
    expect(r.ok).toBe(true);
    expect(await draftRow(id)).toBeUndefined();
    expect(await rows(id)).toEqual([]);
  });

  it('one draft per contact a day gets reminders, however the address is spelt (case, +tag, Gmail dots); the chosen draft keeps its series', async () => {
    const name = `ana${randomUUID().replace(/[^a-f]/g, '').slice(0, 6)}`;
    const spellings = [`${name}.souza+1@gmail.com`, `${name.toUpperCase()}Souza+promo@GMAIL.com`, `${name}.sou.za@googlemail.com`];
    const drafts = [];
    for (const who of spellings) drafts.push(await draft({ email: who }));
    await enqueueDueDraftReminders(T0 + H, T0);
    const statuses = (await Promise.all(drafts.map((d) => rows(d.id)))).flat().map((r) => [r.status, r.lastError]);
    expect(statuses.filter(([s]) => s === 'pending')).toHaveLength(1);
    expect(statuses.filter(([, e]) => e === ANOTHER_DRAFT_REASON)).toHaveLength(2);
    // The draft that was reminded gets its next step (the same series, not another draft).
    const chosen = (await Promise.all(drafts.map(async (d) => ({ d, r: await rows(d.id) })))).find((x) => x.r[0]?.status === 'pending')!.d;
    await enqueueDueDraftReminders(T0 + 25 * H, T0);
    expect((await rows(chosen.id)).map((r) => r.status)).toEqual(['pending', 'pending']);
  });
});
