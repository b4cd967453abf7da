/**
 * The browser side of the pixels: the inline scripts a consenting shopper's page carries (with
 * the request's CSP nonce). Meta's is its documented base code (it loads fbevents.js) plus the
 * page's events with the `eventID` the server's event of the same moment carries, so Meta keeps
 * one of the two. GA4's loads gtag.js with `send_page_view: false`: GA does not deduplicate a
 * browser hit against a Measurement Protocol event, so every GA4 event goes from the server only
 * and the browser's gtag.js just keeps the `_ga` client id the server's events then carry.
 *
 * Values are interpolated as JSON with `<` escaped, so nothing can close the script element;
 * the ids were validated when saved (pixel-form.ts).
 *
 * Pure.
 */
import type { PixelEventName } from './payloads';

const js = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export function metaBaseScript(pixelId: string): string {
  return (
    "!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};" +
    "if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;" +
    "s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');" +
    // Only the events this page tracks: no automatic PageView on an in-app navigation (the next
    // page may be a bearer link's, page-url.ts) and no automatic events (button texts, page data).
    `fbq.disablePushState=!0;fbq('set','autoConfig',false,${js(pixelId)});fbq('init',${js(pixelId)});`
  );
}

export function ga4BaseScript(measurementId: string): string {
  return (
    `(function(){var s=document.createElement('script');s.async=true;s.src='https://www.googletagmanager.com/gtag/js?id='+encodeURIComponent(${js(measurementId)});document.head.appendChild(s)})();` +
    "window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());" +
    `gtag('config',${js(measurementId)},{send_page_view:false});`
  );
}

/** One Meta event in the browser, with the server event's id. */
export function metaTrackScript(name: PixelEventName, eventId: string, data: Record<string, unknown> = {}): string {
  return `window.fbq&&fbq('track',${js(name)},${js(data)},{eventID:${js(eventId)}});`;
}
