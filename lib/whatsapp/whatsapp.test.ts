/**
 * WhatsApp end to end inside the app, on real SQLite files, against the embedded sandbox:
 * consent, the rows beside the e-mails, the per-number cap, sending (two processes racing send
 * once), the webhook (signature on the raw body, verification, statuses only for the shop's own
 * wamids, forward only) and "SAIR".
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversations, tick } from '@balcao/whatsapp-sandbox';
import { database } from '@/db';
import { emailOutbox, orderInvoices, orders, payments, whatsappOptOuts, whatsappOutbox } from '@/db/schema';
import { chargeCreatedEffects } from '@/lib/payments/state-effects';
import { insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';
import { raceWorkers } from '@/test/worker-process';
import { queueWhatsapp, SKIPPED_CAP, SKIPPED_OPT_OUT, SKIPPED_SWITCH, whatsappKey } from './enqueue';
import { drainWhatsapp } from './sender';
import { whatsappSandbox } from './sandbox';
import { connectionOf, getWhatsappSettings, saveWhatsappSettings, sandboxCredentials, type WhatsappSettingsInput } from './settings';
import { handleWhatsappWebhookPost, optOutKey, verifySubscription } from './webhook';
import { conversationViews, replyAsBuyer } from './catcher';

const ON: WhatsappSettingsInput = { enabled: true, phoneNumberId: '', businessAccountId: '', sendInstructions: true, sendPaid: true, sendShipped: true, sendCartReminder: false, sendReviewRequest: false };
let phoneSeq = 0;
let orderSeq = 0;
const nextPhone = () => `119${String(87000000 + ++phoneSeq).padStart(8, '0')}`;

beforeAll(prepareDatabase);
beforeEach(() => saveWhatsappSettings(ON));

async function pixOrder(o: { consent?: boolean; phone?: string | null } = {}) {
  const placed = await insertOrderWithPayment();
  const phone = o.phone === undefined ? nextPhone() : o.phone;
  await database().db.update(orders).set({ buyerPhone: phone, whatsappConsent: o.consent ?? true, number: 1000 + ++orderSeq }).where(eq(orders.id, placed.order.id));
  await database().db.update(payments).set({ pixCode: `000201PIX${placed.order.id.slice(0, 8)}6304ABCD`, payableUntil: '2026-03-11' }).where(eq(payments.id, placed.payment.id));
  await database().transaction(function* (tx) {
    yield* chargeCreatedEffects(tx, { orderId: placed.order.id, method: 'pix', hasBoletoLine: false });
  });
  return { ...placed, phone: phone ? `+55${phone}` : null };
}
const rowOf = async (orderId: string, kind: 'instructions' | 'paid' | 'shipped' = 'instructions') =>
  (await database().db.select().from(whatsappOutbox).where(eq(whatsappOutbox.dedupeKey, whatsappKey(orderId, kind))))[0];
const sign = (raw: string) => `sha256=${createHmac('sha256', sandboxCredentials().appSecret).update(raw).digest('hex')}`;
const post = (body: unknown, signature?: string) => {
  const raw = JSON.stringify(body);
  return handleWhatsappWebhookPost(new TextEncoder().encode(raw), signature ?? sign(raw));
};
const statusBody = (wamid: string, status: string, phoneNumberId = '100000000000001') => ({
  object: 'whatsapp_business_account',
  entry: [{ id: '1', changes: [{ field: 'messages', value: { metadata: { phone_number_id: phoneNumberId }, statuses: [{ id: wamid, status, timestamp: '1', recipient_id: '5511' }] } }] }],
});

describe('who gets a message', () => {
  it('a buyer who ticked consent gets a row beside the e-mail; without consent, or with WhatsApp off, nothing', async () => {
    const yes = await pixOrder();
    expect(await rowOf(yes.order.id)).toMatchObject({ status: 'pending', recipient: yes.phone, kind: 'instructions' });
    const no = await pixOrder({ consent: false });
    expect(await rowOf(no.order.id)).toBeUndefined();
    expect((await database().db.select().from(emailOutbox).where(eq(emailOutbox.orderId, no.order.id))).length).toBe(1);
    await saveWhatsappSettings({ ...ON, enabled: false });
    const off = await pixOrder();
    expect(await rowOf(off.order.id)).toBeUndefined();
  });

  it("a message switched off is recorded as skipped; the e-mail's row is there all the same", async () => {
    await saveWhatsappSettings({ ...ON, sendInstructions: false });
    const o = await pixOrder();
    expect(await rowOf(o.order.id)).toMatchObject({ status: 'skipped', lastError: SKIPPED_SWITCH });
    expect((await database().db.select().from(emailOutbox).where(eq(emailOutbox.orderId, o.order.id)))[0].status).toBe('pending');
  });

  it('at most 3 payment instructions a day to one number; the 4th is skipped; a confirmation is not capped', async () => {
    const phone = nextPhone();
    const placed: Awaited<ReturnType<typeof pixOrder>>[] = [];
    for (let i = 0; i < 4; i++) placed.push(await pixOrder({ phone }));
    expect((await Promise.all(placed.map((p) => rowOf(p.order.id)))).map((r) => r.status)).toEqual(['pending', 'pending', 'pending', 'skipped']);
    expect((await rowOf(placed[3].order.id)).lastError).toBe(SKIPPED_CAP);
    await database().transaction(function* (tx) {
      yield* queueWhatsapp(tx, { orderId: placed[3].order.id, kind: 'paid' });
    });
    expect((await rowOf(placed[3].order.id, 'paid')).status).toBe('pending');
  });
});

describe('sending, and what Meta says back', () => {
  it('sends the Pix code through the sandbox; the ticks come back through the signed webhook: entregue, lido', async () => {
    const o = await pixOrder();
    await drainWhatsapp({ keys: [whatsappKey(o.order.id, 'instructions')] });
    const sent = await rowOf(o.order.id);
    expect(sent).toMatchObject({ status: 'sent', delivery: 'sent', attempts: 1 });
    const sb = whatsappSandbox();
    const convo = conversations(sb).find((c) => `+${c.peer}` === o.phone)!;
    expect(convo.messages[0].text).toContain(`000201PIX${o.order.id.slice(0, 8)}6304ABCD`);
    const start = sb.now();
    sb.now = () => start + 3_000;
    await tick(sb);
    expect((await rowOf(o.order.id)).delivery).toBe('delivered');
    sb.now = () => start + 9_000;
    await tick(sb);
    expect((await rowOf(o.order.id))).toMatchObject({ delivery: 'read' });
    // A late "delivered" never moves it back.
    expect((await post(statusBody(sent.wamid!, 'delivered'))).status).toBe(200);
    expect((await rowOf(o.order.id)).delivery).toBe('read');
  });

  it('two processes draining at once send each message once', async () => {
    const placed = [await pixOrder(), await pixOrder(), await pixOrder()];
    const pendingBefore = (await database().db.select().from(whatsappOutbox).where(eq(whatsappOutbox.status, 'pending'))).length;
    const results = await raceWorkers<{ sent: number }>('test/whatsapp/drain-worker.ts', [[], []]);
    const sentHere = placed.map((p) => p.phone!.slice(1));
    const inSandbox = conversations(whatsappSandbox()).filter((c) => sentHere.includes(c.peer));
    expect(inSandbox.map((c) => c.messages.length)).toEqual([1, 1, 1]);
    expect(results.reduce((s, r) => s + r.sent, 0)).toBe(pendingBefore);
    for (const p of placed) expect((await rowOf(p.order.id)).attempts).toBe(1);
  });
});

describe('the webhook', () => {
  it('refuses a wrong or missing signature before reading the body (401), even for a body that is not JSON', async () => {
    expect((await post(statusBody('wamid.x', 'read'), 'sha256=00')).status).toBe(401);
    expect((await handleWhatsappWebhookPost(new TextEncoder().encode('{not json'), null)).status).toBe(401);
    expect((await handleWhatsappWebhookPost(new TextEncoder().encode('{not json'), sign('{not json'))).status).toBe(400);
  });

  it("ignores statuses for a wamid the shop did not send, and another number's changes", async () => {
    const o = await pixOrder();
    await drainWhatsapp({ keys: [whatsappKey(o.order.id, 'instructions')] });
    const { wamid } = await rowOf(o.order.id);
    expect((await post(statusBody('wamid.someone-else', 'read'))).status).toBe(200);
    expect((await post(statusBody(wamid!, 'read', '999'))).status).toBe(200);
    expect((await rowOf(o.order.id)).delivery).toBe('sent');
  });

  it('answers the verification only with the configured verify token', async () => {
    const { verifyToken } = await getWhatsappSettings();
    expect(verifyToken.length).toBeGreaterThan(16);
    const q = (token: string) => new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' });
    expect(await verifySubscription(q(verifyToken))).toEqual({ status: 200, body: '1158201444' });
    expect((await verifySubscription(q('errado'))).status).toBe(403);
    expect((await verifySubscription(new URLSearchParams({ 'hub.mode': 'unsubscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '1' }))).status).toBe(403);
  });
});

describe('"SAIR"', () => {
  it('opts the number out, answers once, and stops the next message', async () => {
    const o = await pixOrder();
    const digits = o.phone!.slice(1);
    const reply = (text: string) => ({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value: { metadata: { phone_number_id: '100000000000001' }, contacts: [{ wa_id: digits }], messages: [{ from: digits, id: `wamid.in${text}`, timestamp: '1', type: 'text', text: { body: text } }] } }] }],
    });
    expect((await post(reply('Sair'))).status).toBe(200);
    expect((await post(reply('PARAR'))).status).toBe(200);
    expect(await database().db.select().from(whatsappOptOuts).where(eq(whatsappOptOuts.phone, o.phone!))).toHaveLength(1);
    const acks = await database().db.select().from(whatsappOutbox).where(eq(whatsappOutbox.dedupeKey, optOutKey(o.phone!)));
    expect(acks).toHaveLength(1);
    // The pending instructions stop; the answer goes (the buyer's message opened the window).
    expect((await rowOf(o.order.id)).status).toBe('skipped');
    whatsappSandbox().db.prepare("insert into messages (wamid, phone_number_id, peer, direction, text, status, created_at) values ('wamid.inSair', '100000000000001', ?, 'in', 'Sair', 'received', ?)").run(digits, whatsappSandbox().now());
    await drainWhatsapp({ keys: [optOutKey(o.phone!)] });
    const convo = conversations(whatsappSandbox()).find((c) => c.peer === digits)!;
    expect(convo.messages.at(-1)).toMatchObject({ direction: 'out', text: 'Você não receberá mais mensagens desta loja.' });
    await database().transaction(function* (tx) {
      yield* queueWhatsapp(tx, { orderId: o.order.id, kind: 'paid' });
    });
    expect(await rowOf(o.order.id, 'paid')).toMatchObject({ status: 'skipped', lastError: SKIPPED_OPT_OUT });
  });
});

describe('settings', () => {
  it('the token and app secret are sealed at rest; the embedded sandbox is used without a token', async () => {
    await saveWhatsappSettings({ ...ON, phoneNumberId: '123', token: 'EAAG-token-secreto', appSecret: 'app-secret' });
    const s = await getWhatsappSettings();
    expect(s.tokenSealed).not.toContain('EAAG');
    expect(connectionOf(s)).toMatchObject({ token: 'EAAG-token-secreto', appSecret: 'app-secret', embedded: false, phoneNumberId: '123' });
    await saveWhatsappSettings({ ...ON, token: '', appSecret: '' });
    expect(connectionOf(await getWhatsappSettings())).toMatchObject({ embedded: true });
  });
});

describe('"WhatsApp do comprador"', () => {
  it('shows the conversation whole, or masked for a role without buyers:read (the number, the buyer\'s words)', async () => {
    const o = await pixOrder();
    await drainWhatsapp({ keys: [whatsappKey(o.order.id, 'instructions')] });
    const digits = o.phone!.slice(3);
    const open = (await conversationViews('open')).find((c) => c.title === `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`)!;
    expect(open.messages[0].text).toContain('000201PIX');
    expect(open.messages[0].buttons[0]).toMatchObject({ text: 'Ver pedido', url: `/orders/${o.order.token}` });
    expect(await replyAsBuyer(open.ref, 'Obrigada!')).toBe(true);
    const masked = (await conversationViews('masked')).find((c) => c.ref === open.ref)!;
    expect(masked.title).toBe(`(${digits.slice(0, 2)}) *****-**${digits.slice(-2)}`);
    expect(masked.messages.at(-1)).toMatchObject({ mine: true, text: '•••' });
  });
});

describe('"Pedido enviado"', () => {
  async function shipped(o: { invoice: boolean }) {
    const placed = await pixOrder();
    await database().db.update(orders).set({ status: 'paid', trackingCode: 'AA123456785BR', trackingUrl: 'https://rastreio.example/AA123456785BR' }).where(eq(orders.id, placed.order.id));
    if (o.invoice) {
      await database().db.insert(orderInvoices).values({ orderId: placed.order.id, attempt: 1, dedupeKey: `nfe:${placed.order.id}:1`, reference: `${placed.order.id.slice(0, 8)}-1`, invoiceStatus: 'authorized', status: 'sent', accessKey: '3'.repeat(44), nextAttemptAt: new Date().toISOString() });
    }
    await database().transaction(function* (tx) {
      yield* queueWhatsapp(tx, { orderId: placed.order.id, kind: 'shipped' });
    });
    await drainWhatsapp({ keys: [whatsappKey(placed.order.id, 'shipped')] });
    const digits = placed.phone!.slice(1);
    return { placed, message: conversations(whatsappSandbox()).find((c) => c.peer === digits)!.messages.at(-1)! };
  }

  it('carries "Nota fiscal" when the order\'s NF-e is authorised: a button to the DANFE served by the shop with the order\'s token', async () => {
    const { placed, message } = await shipped({ invoice: true });
    expect(message.template).toBe('balcao_pedido_enviado_nf');
    expect(message.text).toContain('Código de rastreio: AA123456785BR');
    expect(message.text).toContain('nota fiscal');
    expect(message.buttons).toEqual([{ text: 'Nota fiscal', url: `https://balcao.invalid/orders/${placed.order.token}/nota-fiscal` }]);
    const digits = placed.phone!.slice(3);
    const view = (await conversationViews('open')).find((c) => c.title === `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`)!;
    expect(view.messages.at(-1)!.buttons[0]).toMatchObject({ text: 'Nota fiscal', url: `/orders/${placed.order.token}/nota-fiscal` });
  });

  it('without an authorised NF-e it is the plain template, with no button', async () => {
    const { message } = await shipped({ invoice: false });
    expect(message.template).toBe('balcao_pedido_enviado');
    expect(message.buttons).toEqual([]);
  });
});
