/**
 * The events as each platform receives them, built once when the cause happens (the outbox row
 * keeps the body, so every retry sends the same bytes). Money in the shop is integer centavos;
 * the platforms take a decimal value in reais, made here and only here. docs/reference.md,
 * "Pixels e consentimento", shows both bodies and cites the platforms' references.
 *
 * Pure.
 */
import { hashedGoogleUser, hashedMetaUser } from './hashing';

export const PIXEL_EVENT_NAMES = ['PageView', 'ViewContent', 'AddToCart', 'InitiateCheckout', 'Purchase'] as const;
export type PixelEventName = (typeof PIXEL_EVENT_NAMES)[number];

/** GA4's recommended names for the same moments. */
export const GA4_EVENT_NAMES: Record<PixelEventName, string> = {
  PageView: 'page_view',
  ViewContent: 'view_item',
  AddToCart: 'add_to_cart',
  InitiateCheckout: 'begin_checkout',
  Purchase: 'purchase',
};

export type PixelItem = { id: string; name: string; quantity: number; unitCents: number };

/** What the shopper's browser brought (only ever gathered with consent). */
export type Visitor = {
  fbp?: string | null;
  fbc?: string | null;
  gaClientId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
};

export type PixelEventFacts = {
  name: PixelEventName;
  /** Shared with the browser pixel's event of the same moment. */
  eventId: string;
  at: Date;
  /** The page where it happened (Meta's event_source_url, GA4's page_location). */
  url?: string | null;
  valueCents?: number;
  items?: PixelItem[];
  /** Purchase: the order's number for people and its buyer's contact (hashed here). */
  orderNumber?: string | null;
  buyer?: { email?: string | null; phone?: string | null };
  visitor: Visitor;
};

const reais = (cents: number) => Math.round(cents) / 100;

/** One element of the Conversions API's `data` array. */
export function metaEvent(f: PixelEventFacts): Record<string, unknown> {
  const v = f.visitor;
  const user_data = {
    ...(f.buyer ? hashedMetaUser(f.buyer) : {}),
    ...(v.fbp ? { fbp: v.fbp } : {}),
    ...(v.fbc ? { fbc: v.fbc } : {}),
    ...(v.ip ? { client_ip_address: v.ip } : {}),
    ...(v.userAgent ? { client_user_agent: v.userAgent } : {}),
  };
  const items = f.items ?? [];
  const custom_data =
    f.valueCents !== undefined || items.length > 0
      ? {
          currency: 'BRL',
          ...(f.valueCents !== undefined ? { value: reais(f.valueCents) } : {}),
          ...(items.length > 0
            ? {
                content_type: 'product',
                content_ids: items.map((i) => i.id),
                contents: items.map((i) => ({ id: i.id, quantity: i.quantity, item_price: reais(i.unitCents) })),
                num_items: items.reduce((n, i) => n + i.quantity, 0),
              }
            : {}),
          ...(f.orderNumber ? { order_id: f.orderNumber } : {}),
        }
      : undefined;
  return {
    event_name: f.name,
    event_time: Math.floor(f.at.getTime() / 1000),
    event_id: f.eventId,
    action_source: 'website',
    ...(f.url ? { event_source_url: f.url } : {}),
    user_data,
    ...(custom_data ? { custom_data } : {}),
  };
}

/** The Measurement Protocol's JSON body (measurement_id and api_secret go in the query, at send time). */
export function ga4Body(f: PixelEventFacts, fallbackClientId: string): Record<string, unknown> {
  const items = f.items ?? [];
  const user_data = f.buyer ? hashedGoogleUser(f.buyer) : {};
  const params: Record<string, unknown> = {
    ...(f.url ? { page_location: f.url } : {}),
    ...(f.valueCents !== undefined ? { currency: 'BRL', value: reais(f.valueCents) } : {}),
    ...(items.length > 0 ? { items: items.map((i) => ({ item_id: i.id, item_name: i.name, price: reais(i.unitCents), quantity: i.quantity })) } : {}),
    ...(f.name === 'Purchase' && f.orderNumber ? { transaction_id: f.orderNumber } : {}),
    event_id: f.eventId,
    engagement_time_msec: 1,
  };
  return {
    client_id: f.visitor.gaClientId || fallbackClientId,
    timestamp_micros: f.at.getTime() * 1000,
    ...(Object.keys(user_data).length > 0 ? { user_data } : {}),
    events: [{ name: GA4_EVENT_NAMES[f.name], params }],
  };
}

/**
 * The GA client id inside the `_ga` cookie gtag.js writes ("GA1.1.123456789.1700000000" →
 * "123456789.1700000000"); null when it is not one.
 */
export function gaClientIdOf(cookie: string | null | undefined): string | null {
  const m = cookie ? /^GA\d\.\d\.(\d{1,20}\.\d{1,12})$/.exec(cookie.trim()) : null;
  return m ? m[1] : null;
}

/** `_fbp` / `_fbc` as Meta's script writes them ("fb.1.<ms>.<value>"); anything else is dropped. */
export function metaCookieOf(cookie: string | null | undefined): string | null {
  const v = cookie?.trim();
  return v && v.length <= 500 && /^fb\.\d\.\d{10,16}\.[A-Za-z0-9_.-]+$/.test(v) ? v : null;
}

/**
 * The `fbc` of a shopper who arrived by a Meta ad but has no `_fbc` cookie yet (the browser
 * script had not run): made from the click id kept by the first-touch cookie, in the format
 * Meta documents ("fb.1.<creation time in ms>.<fbclid>").
 */
export function fbcFromClickId(fbclid: string | null | undefined, at: Date): string | null {
  return fbclid && /^[A-Za-z0-9_-]{1,200}$/.test(fbclid) ? `fb.1.${at.getTime()}.${fbclid}` : null;
}
