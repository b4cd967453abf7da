import { describe, expect, it } from 'vitest';
import { ga4BaseScript, metaBaseScript, metaTrackScript } from './browser';
import { fbcFromClickId, ga4Body, gaClientIdOf, metaCookieOf, metaEvent, type PixelEventFacts } from './payloads';
import { parseGa4Form, parseMetaForm } from './pixel-form';

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe('the platforms\' bodies', () => {
  const facts: PixelEventFacts = {
    name: 'Purchase',
    eventId: 'purchase.abc',
    at: new Date('2026-11-27T12:00:00.000Z'),
    url: 'https://loja.example/orders/t',
    valueCents: 2505,
    items: [{ id: 'FILTRO-103', name: 'Filtros de papel', quantity: 2, unitCents: 1250 }],
    orderNumber: '1001',
    buyer: { email: 'ana@exemplo.com.br', phone: '11987654321' },
    visitor: { fbp: 'fb.1.1700000000000.1', ip: '203.0.113.7', userAgent: 'UA' },
  };

  it('Meta: seconds, reais from centavos, SKUs as content ids, hashed contact only', () => {
    const e = metaEvent(facts);
    expect(e).toMatchObject({ event_name: 'Purchase', event_time: 1795780800, event_id: 'purchase.abc', action_source: 'website' });
    expect(e.custom_data).toEqual({
      currency: 'BRL',
      value: 25.05,
      content_type: 'product',
      content_ids: ['FILTRO-103'],
      contents: [{ id: 'FILTRO-103', quantity: 2, item_price: 12.5 }],
      num_items: 2,
      order_id: '1001',
    });
    expect(JSON.stringify(e)).not.toMatch(/ana@|98765/);
    // A page view carries no money and no contact.
    const view = metaEvent({ name: 'PageView', eventId: 'x', at: facts.at, visitor: {} });
    expect(view).not.toHaveProperty('custom_data');
    expect(view.user_data).toEqual({});
  });

  it('GA4: the recommended event name, items, transaction id, and a client id even without _ga', () => {
    const b = ga4Body(facts, 'fallback.1');
    expect(b).toMatchObject({ client_id: 'fallback.1', events: [{ name: 'purchase', params: { transaction_id: '1001', currency: 'BRL', value: 25.05, items: [{ item_id: 'FILTRO-103', price: 12.5, quantity: 2 }] } }] });
    expect(ga4Body({ ...facts, visitor: { gaClientId: '111.222' } }, 'x').client_id).toBe('111.222');
  });

  it('reads the platforms\' cookies only in their own shapes', () => {
    expect(gaClientIdOf('GA1.1.123456789.1700000000')).toBe('123456789.1700000000');
    expect(gaClientIdOf('GA1.1.<script>')).toBeNull();
    expect(metaCookieOf('fb.1.1700000000000.AbC_-1')).toBe('fb.1.1700000000000.AbC_-1');
    expect(metaCookieOf('fb.1.17.x"</script>')).toBeNull();
    expect(fbcFromClickId('IwAR0abc', new Date(1700000000000))).toBe('fb.1.1700000000000.IwAR0abc');
    expect(fbcFromClickId('bad id', new Date())).toBeNull();
  });
});

describe('the browser snippets', () => {
  it('cannot be closed from inside: values are JSON with < escaped', () => {
    const code = metaTrackScript('ViewContent', '</script><script>alert(1)</script>', { content_ids: ['</script>'] });
    expect(code).not.toContain('</script>');
    expect(metaBaseScript('123456789012345')).toContain("fbq('init',\"123456789012345\")");
    // Meta's script sends nothing by itself: no PageView on an in-app navigation, no automatic events.
    expect(metaBaseScript('123456789012345')).toContain("fbq.disablePushState=!0;fbq('set','autoConfig',false,\"123456789012345\");fbq('init',");
    expect(ga4BaseScript('G-ABC123')).toContain("send_page_view:false");
  });
});

describe('the Integrações forms', () => {
  it('Meta: digits for the id; the token as pasted; blank id switches it off', () => {
    expect(parseMetaForm(form({ metaPixelId: ' 123456789012345 ', metaToken: 'EAAB'.padEnd(30, 'x') }))).toEqual({ ok: true, value: { pixelId: '123456789012345', token: 'EAAB'.padEnd(30, 'x') } });
    expect(parseMetaForm(form({ metaPixelId: '', metaToken: 'EAAB'.padEnd(30, 'x') }))).toEqual({ ok: true, value: { pixelId: '' } });
    const bad = parseMetaForm(form({ metaPixelId: 'abc', metaToken: 'short' }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.fieldErrors).sort()).toEqual(['metaPixelId', 'metaToken']);
  });

  it('GA4: G- ids (any case), the secret as pasted', () => {
    expect(parseGa4Form(form({ ga4MeasurementId: 'g-abc123xyz9', ga4Secret: 'abcDEF123_' }))).toEqual({ ok: true, value: { measurementId: 'G-ABC123XYZ9', secret: 'abcDEF123_' } });
    const bad = parseGa4Form(form({ ga4MeasurementId: 'UA-1234-1' }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.fieldErrors.ga4MeasurementId).toMatch(/G-/);
  });
});
