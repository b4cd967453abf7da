/** The restore link: opening it (GET, HEAD, a scanner, a preview) spends nothing; only the button's same-origin POST does. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { checkoutDrafts } from '@/db/schema';
import { saveDraft } from '@/lib/checkout/drafts/drafts';
import { env } from '@/lib/config/env';
import { shopNow } from '@/lib/embedded-provider/clock';
import { draftLinkToken } from '@/lib/email/draft-links';
import { prepareDatabase } from '@/test/payments/db';
import RestorePage from '../page';
import * as usar from './route';

beforeAll(prepareDatabase);

const nonceOf = async (id: string) => (await database().db.select().from(checkoutDrafts).where(eq(checkoutDrafts.id, id)))[0].restoreNonce;

describe('the restore link', () => {
  it('is spent only by a same-origin POST: the page (GET) and HEAD spend nothing, a cross-site form is refused', async () => {
    const id = (await saveDraft({ cookieToken: randomUUID(), source: 'link', sourceRef: 'aula', values: { email: `r-${randomUUID().slice(0, 6)}@example.com` }, lines: [{ productId: null, quantity: 1, unitCents: 1000, name: 'Aula' }], totalCents: 1000, now: shopNow() }))!;
    const token = draftLinkToken('restore', { id, nonce: 0, step: 1 }, env().authSecret);
    // The link's page, opened twice (a mail scanner, then the buyer): still unspent.
    for (let i = 0; i < 2; i++) expect(renderToStaticMarkup(await RestorePage({ params: Promise.resolve({ token }) }))).toContain('Continuar a compra');
    expect(await nonceOf(id)).toBe(0);
    // No GET or HEAD handler spends it.
    expect(Object.keys(usar)).not.toContain('GET');
    expect(Object.keys(usar)).not.toContain('HEAD');
    // A form on another site (or no Origin at all) is refused before anything is read.
    for (const origin of ['https://evil.example', null]) {
      const res = await usar.POST(new Request(`${env().appUrl}/checkout/retomar/${token}/usar`, { method: 'POST', headers: origin ? { origin } : {} }), { params: Promise.resolve({ token }) });
      expect(res.status).toBe(403);
    }
    expect(await nonceOf(id)).toBe(0);
  });
});
