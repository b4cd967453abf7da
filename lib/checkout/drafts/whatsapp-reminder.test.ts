/**
 * The saved checkout's "Lembrete de carrinho" on WhatsApp, on a real SQLite file: the draft keeps
 * the buyer's consent; each reminder step writes one WhatsApp row (twice scanned, or by two
 * processes at once); one draft per number a day gets them (two processes too); none without consent, with the merchant's switch off or for a number
 * that answered "SAIR"; the row goes out through the embedded sandbox with the restore link;
 * deleting or anonymising the draft clears its number.
 */
import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversations } from '@balcao/whatsapp-sandbox';
import { database } from '@/db';
import { checkoutDrafts, emailOutbox, whatsappOptOuts, whatsappOutbox } from '@/db/schema';
import { anonymiseBuyer } from '@/lib/buyers/buyer-data';
import { env } from '@/lib/config/env';
import { readDraftLinkToken } from '@/lib/email/draft-links';
import { prepareDatabase } from '@/test/payments/db';
import { insertProduct } from '@/test/catalog/products';
import { raceWorkers } from '@/test/worker-process';
import { draftWhatsappKey, SKIPPED_ANOTHER_DRAFT, SKIPPED_CAP } from '@/lib/whatsapp/enqueue';
import { drainWhatsapp } from '@/lib/whatsapp/sender';
import { whatsappSandbox } from '@/lib/whatsapp/sandbox';
import { saveWhatsappSettings, type WhatsappSettingsInput } from '@/lib/whatsapp/settings';
import { saveDraft, type DraftLine } from './drafts';
import { deleteOldDrafts, enqueueDueDraftReminders } from './reminders';

const ON: WhatsappSettingsInput = { enabled: true, phoneNumberId: '', businessAccountId: '', sendInstructions: true, sendPaid: true, sendShipped: true, sendCartReminder: true, sendReviewRequest: false };
const H = 3_600_000;
const T0 = Date.parse('2026-03-02T12:00:00.000Z');
let productId = 0;
let phoneSeq = 0;
const nextPhone = () => `119${String(86000000 + ++phoneSeq).padStart(8, '0')}`;

beforeAll(prepareDatabase);
beforeAll(async () => {
  productId = await insertProduct({ slug: `bone-${randomUUID().slice(0, 6)}`, name: 'Boné', description: '', priceCents: 4500, imagePath: '/products/x.svg', active: true, stock: 10 });
});
beforeEach(() => saveWhatsappSettings(ON));

const lines = (): DraftLine[] => [{ productId, quantity: 2, unitCents: 4500, name: 'Boné' }];
const email = () => `zap-${randomUUID().slice(0, 8)}@example.com`;
const waRows = (draftId: string) => database().db.select().from(whatsappOutbox).where(like(whatsappOutbox.dedupeKey, `whatsapp:draft:${draftId}:%`)).orderBy(whatsappOutbox.id);
const mailRows = (draftId: string) => database().db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, `draft:${draftId}:%`));
const draftRow = async (id: string) => (await database().db.select().from(checkoutDrafts).where(eq(checkoutDrafts.id, id)))[0];

async function draft(o: { consent?: boolean; email?: string | null; phone?: string } = {}) {
  const phone = o.phone ?? nextPhone();
  const values = { ...(o.email === null ? {} : { email: o.email ?? email() }), phone, name: 'Ana Souza', ...(o.consent === false ? {} : { whatsappConsent: 'on' }) };
  const id = await saveDraft({ cookieToken: randomUUID(), source: 'cart', sourceRef: null, values, lines: lines(), totalCents: 9000, now: T0 });
  if (!id) throw new Error('no draft');
  return { id, phone: `+55${phone}` };
}

describe('the consent on the saved checkout', () => {
  it('is kept with the time it was first ticked, and withdrawn by unticking', async () => {
    const session = randomUUID();
    const base = { cookieToken: session, source: 'cart' as const, sourceRef: null, lines: lines(), totalCents: 9000 };
    const id = (await saveDraft({ ...base, now: T0, values: { phone: '11 98765-0001', whatsappConsent: 'on' } }))!;
    expect(await draftRow(id)).toMatchObject({ whatsappConsent: true, whatsappConsentAt: new Date(T0).toISOString() });
    await saveDraft({ ...base, now: T0 + 1000, values: { phone: '11 98765-0001', whatsappConsent: 'on', zip: '01310-100' } });
    expect((await draftRow(id)).whatsappConsentAt).toBe(new Date(T0).toISOString());
    await saveDraft({ ...base, now: T0 + 2000, values: { phone: '11 98765-0001' } });
    expect(await draftRow(id)).toMatchObject({ whatsappConsent: false, whatsappConsentAt: null });
    // Ticked without a valid mobile: nothing to consent to.
    const noPhone = (await saveDraft({ ...base, cookieToken: randomUUID(), now: T0, values: { email: email(), phone: '1199', whatsappConsent: 'on' } }))!;
    expect((await draftRow(noPhone)).whatsappConsent).toBe(false);
  });
});

describe('the WhatsApp cart reminder', () => {
  it('with consent: one row per step, however often the scan runs; the e-mail is written as before', async () => {
    const d = await draft();
    await enqueueDueDraftReminders(T0 + H, T0 + H);
    await enqueueDueDraftReminders(T0 + H, T0 + H);
    expect(await waRows(d.id)).toMatchObject([{ dedupeKey: draftWhatsappKey(d.id, 1), kind: 'cart_reminder', recipient: d.phone, status: 'pending', orderId: null }]);
    expect(await mailRows(d.id)).toHaveLength(1);
    await enqueueDueDraftReminders(T0 + 25 * H, T0 + 25 * H);
    await enqueueDueDraftReminders(T0 + 25 * H, T0 + 25 * H);
    expect((await waRows(d.id)).map((r) => r.dedupeKey)).toEqual([draftWhatsappKey(d.id, 1), draftWhatsappKey(d.id, 2)]);
  });

  it('with consent and two processes scanning at once: one row', async () => {
    const d = await draft();
    await raceWorkers<{ written: number }>('test/drafts/scan-worker.ts', [[T0 + H], [T0 + H]]);
    expect(await waRows(d.id)).toHaveLength(1);
    expect(await mailRows(d.id)).toHaveLength(1);
  }, 60_000);

  it('a consenting phone without an e-mail gets the WhatsApp reminder alone', async () => {
    const d = await draft({ email: null });
    await enqueueDueDraftReminders(T0 + H, T0 + H);
    expect(await waRows(d.id)).toHaveLength(1);
    expect(await mailRows(d.id)).toEqual([]);
  });

  it('never without consent; nothing with the switch off, or for a number that answered "SAIR"; the e-mail all the same', async () => {
    const none = await draft({ consent: false });
    await saveWhatsappSettings({ ...ON, sendCartReminder: false });
    const off = await draft();
    await enqueueDueDraftReminders(T0 + H, T0 + H);
    await saveWhatsappSettings(ON);
    const out = await draft();
    await database().db.insert(whatsappOptOuts).values({ phone: out.phone });
    const yes = await draft();
    await enqueueDueDraftReminders(T0 + H, T0 + H);
    // The same scan writes the consenting one's: what holds the others back is their condition.
    expect(await waRows(yes.id)).toHaveLength(1);
    for (const d of [none, off, out]) {
      expect(await waRows(d.id)).toEqual([]);
      expect(await mailRows(d.id)).toHaveLength(1);
    }
  });

  it('one draft per number a day: the oldest left gets the reminders, the others are recorded as not sent; the chosen keeps its series', async () => {
    const phone = nextPhone();
    const drafts = [];
    for (let i = 0; i < 3; i++) drafts.push(await draft({ phone }));
    await enqueueDueDraftReminders(T0 + H, T0 + H);
    const rows = await Promise.all(drafts.map((d) => waRows(d.id)));
    expect(rows.map((r) => r.map((x) => [x.status, x.lastError]))).toEqual([[['pending', null]], [['skipped', SKIPPED_ANOTHER_DRAFT]], [['skipped', SKIPPED_ANOTHER_DRAFT]]]);
    // Each draft's e-mail (other addresses) goes all the same: the rule is per contact.
    for (const d of drafts) expect(await mailRows(d.id)).toHaveLength(1);
    await enqueueDueDraftReminders(T0 + 25 * H, T0 + 25 * H);
    expect((await waRows(drafts[0].id)).map((r) => r.status)).toEqual(['pending', 'pending']);
    expect((await waRows(drafts[1].id)).map((r) => r.status)).toEqual(['skipped', 'skipped']);
  });

  it('one draft per number a day holds with two processes scanning two drafts of one number at once', async () => {
    const phone = nextPhone();
    const a = await draft({ phone });
    const b = await draft({ phone });
    await raceWorkers<{ written: number }>('test/drafts/scan-worker.ts', [[T0 + H], [T0 + H]]);
    const rows = [...(await waRows(a.id)), ...(await waRows(b.id))];
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(1);
    expect(rows.filter((r) => r.lastError === SKIPPED_ANOTHER_DRAFT)).toHaveLength(1);
  }, 60_000);

  it('counts in the per-number cap with the payment instructions: past 3 in 24 hours, recorded as not sent', async () => {
    const phone = nextPhone();
    // Three payment instructions to that number today (unpaid orders' messages count in the cap).
    await database()
      .db.insert(whatsappOutbox)
      .values([1, 2, 3].map((i) => ({ dedupeKey: `whatsapp:cap-${randomUUID()}:${i}`, orderId: randomUUID(), kind: 'instructions' as const, recipient: `+55${phone}`, status: 'sent' as const })));
    const d = await draft({ phone });
    await enqueueDueDraftReminders(T0 + H, T0 + H);
    expect((await waRows(d.id)).map((r) => [r.status, r.lastError])).toEqual([['skipped', SKIPPED_CAP]]);
  });

  it('goes out through the sandbox as the marketing template, its button the restore link of that step', async () => {
    const d = await draft();
    await enqueueDueDraftReminders(T0 + H, T0 + H);
    await drainWhatsapp({ keys: [draftWhatsappKey(d.id, 1)] });
    expect((await waRows(d.id))[0]).toMatchObject({ status: 'sent', delivery: 'sent' });
    const convo = conversations(whatsappSandbox()).find((c) => `+${c.peer}` === d.phone)!;
    const message = convo.messages[0];
    expect(message.template).toBe('balcao_lembrete_carrinho');
    expect(message.text).toContain('R$ 90,00');
    const url = message.buttons[0].url!;
    expect(url).toContain('/checkout/retomar/');
    const token = decodeURIComponent(url.split('/checkout/retomar/')[1]);
    expect(readDraftLinkToken('restore', token, env().authSecret)).toMatchObject({ id: d.id, step: 1 });
  });

  it('deleting the draft (30 days on) or anonymising its buyer clears the number on its rows', async () => {
    const old = await draft();
    const who = email();
    const anon = await draft({ email: who });
    await enqueueDueDraftReminders(T0 + H, T0 + H);
    expect(await deleteOldDrafts(T0 + H + 31 * 24 * H)).toBeGreaterThan(0);
    expect((await waRows(old.id)).map((r) => [r.recipient, r.status])).toEqual([['+0', 'skipped']]);
    const fresh = await draft({ email: who });
    await enqueueDueDraftReminders(T0 + H, T0 + H);
    expect(await waRows(fresh.id)).toHaveLength(1);
    expect((await anonymiseBuyer({ kind: 'email', email: who }, { id: 1, email: 'dono@example.com' })).ok).toBe(true);
    expect((await waRows(fresh.id)).map((r) => r.recipient)).toEqual(['+0']);
    expect((await waRows(anon.id)).map((r) => r.recipient)).toEqual(['+0']);
  });
});
