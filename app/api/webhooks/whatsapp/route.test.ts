/** Meta's webhook route: verification only with the verify token, 401 before reading an unsigned body, 413, the rate limit. */
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '@/test/payments/db';
import { getWhatsappSettings, saveWhatsappSettings, sandboxCredentials } from '@/lib/whatsapp/settings';
import { GET, POST } from './route';

process.env.RATE_LIMIT_WEBHOOK_PER_MIN = '5';
beforeAll(async () => {
  await prepareDatabase();
  await saveWhatsappSettings({ enabled: true, phoneNumberId: '', businessAccountId: '', sendInstructions: true, sendPaid: true, sendShipped: true, sendCartReminder: false, sendReviewRequest: false });
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('/api/webhooks/whatsapp', () => {
  it('GET answers the challenge only with the verify token', async () => {
    const { verifyToken } = await getWhatsappSettings();
    const ok = await GET(new Request(`http://localhost/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=42`, { headers: from('10.0.0.1') }));
    expect([ok.status, await ok.text()]).toEqual([200, '42']);
    const no = await GET(new Request('http://localhost/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=42', { headers: from('10.0.0.1') }));
    expect(no.status).toBe(403);
  });

  it('POST: 401 without a valid signature, 200 with one, 413 over 256 KB', async () => {
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    expect((await POST(new Request('http://localhost/api/webhooks/whatsapp', { method: 'POST', body, headers: from('10.0.0.2') }))).status).toBe(401);
    const signature = `sha256=${createHmac('sha256', sandboxCredentials().appSecret).update(body).digest('hex')}`;
    expect((await POST(new Request('http://localhost/api/webhooks/whatsapp', { method: 'POST', body, headers: { ...from('10.0.0.2'), 'x-hub-signature-256': signature } }))).status).toBe(200);
    const big = 'x'.repeat(300 * 1024);
    expect((await POST(new Request('http://localhost/api/webhooks/whatsapp', { method: 'POST', body: big, headers: from('10.0.0.3') }))).status).toBe(413);
  });

  it('is rate-limited per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await POST(new Request('http://localhost/api/webhooks/whatsapp', { method: 'POST', body: '{}', headers: from('10.0.0.9') }))).status);
    expect(statuses).toContain(429);
    expect(statuses[0]).toBe(401);
  });
});
