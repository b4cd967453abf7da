/**
 * The ad pixels on the shop's pages (lib/pixels): the consent banner while a pixel is on and the
 * shopper has not answered; with "Aceitar", the platforms' browser scripts (nonce'd) and each
 * page's event, sent from the server too with the same event id. Without a pixel on, or after
 * "Recusar", these render nothing at all.
 */
import { metaBaseScript, metaTrackScript, ga4BaseScript, type PixelEventName, type PixelItem, trackBrowsing, trackOrderPage, pixelRequest } from '@/lib/pixels';
import { ConsentBanner } from './consent-banner';

function Inline({ nonce, code }: { nonce: string | undefined; code: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />;
}

/** Meta's custom_data in the browser, the same facts the server's event carries. */
function metaData(items: PixelItem[] | undefined, valueCents: number | undefined): Record<string, unknown> {
  return {
    ...(valueCents !== undefined ? { value: valueCents / 100, currency: 'BRL' } : {}),
    ...(items?.length ? { content_ids: items.map((i) => i.id), content_type: 'product' } : {}),
  };
}

/** In the shop's layout: the banner, or the base scripts with this page load's PageView. */
export async function ShopPixels() {
  const request = await pixelRequest();
  if (request.consent === 'unknown' && (request.on.meta || request.on.ga4)) return <ConsentBanner returnTo={request.path} />;
  if (request.consent !== 'accepted') return null;
  const tracked = await trackBrowsing('PageView');
  // A bearer link's page (the order's): the server's event only; a browser script would send its address.
  if (!tracked || tracked.request.bearerPage) return null;
  const { ids, nonce } = tracked.request;
  return (
    <>
      {ids.meta ? <Inline nonce={nonce} code={metaBaseScript(ids.meta) + metaTrackScript('PageView', tracked.eventId)} /> : null}
      {ids.ga4 ? <Inline nonce={nonce} code={ga4BaseScript(ids.ga4)} /> : null}
    </>
  );
}

/** A page's own event (ViewContent on a product, InitiateCheckout on the checkout). */
export async function PixelEvent({ name, items, valueCents }: { name: Exclude<PixelEventName, 'Purchase' | 'PageView'>; items?: PixelItem[]; valueCents?: number }) {
  const tracked = await trackBrowsing(name, { items, valueCents });
  if (!tracked?.request.ids.meta || tracked.request.bearerPage) return null;
  return <Inline nonce={tracked.request.nonce} code={metaTrackScript(name, tracked.eventId, metaData(items, valueCents))} />;
}

/**
 * The order's page: keeps the consenting buyer's values for the order's Purchase, which goes
 * from the server only. No browser script here: the page's address is a bearer link (its
 * token opens the buyer's order and digital products; lib/pixels/page-url.ts), and Meta's
 * script would send it.
 */
export async function PixelOrder({ orderId }: { orderId: string }) {
  await trackOrderPage(orderId);
  return null;
}
