/**
 * A server action's request, checked in proxy.ts before Next.js reads it. Next.js answers an
 * action body over serverActions.bodySizeLimit, or one it cannot decode, with a 500 (its
 * action handler maps every error of a fetch action to 500); a client error deserves a 4xx, and
 * a 500 is what monitoring pages someone for. Every POST to a page is a server action (with
 * JavaScript: a `Next-Action` header; without: a plain form post), so each one is checked:
 * 413 over the limit (declared or read), 400 for a body no action can decode.
 *
 * No imports: proxy.ts runs before any route.
 */

/** next.config.mjs serverActions.bodySizeLimit ('1mb'), in bytes. */
export const SERVER_ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

export type ActionVerdict = { ok: true } | { ok: false; status: 400 | 413; message: string };

const OK: ActionVerdict = { ok: true };
const TOO_LARGE: ActionVerdict = { ok: false, status: 413, message: 'Request body too large (at most 1 MB).' };
const bad = (why: string): ActionVerdict => ({ ok: false, status: 400, message: `Invalid form submission: ${why}.` });

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

function boundaryOf(contentType: string | null): string | null {
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2]) : null;
}

/** What the headers alone say: refuse now, or read the body and ask checkServerActionBody. */
export function checkServerActionHeaders(contentType: string | null, contentLength: string | null): ActionVerdict {
  if (contentLength !== null && /^\d+$/.test(contentLength.trim()) && Number(contentLength) > SERVER_ACTION_BODY_LIMIT_BYTES) return TOO_LARGE;
  const media = mediaType(contentType);
  if (media === 'multipart/form-data' && !boundaryOf(contentType)) return bad('multipart body without a boundary');
  if (media !== 'multipart/form-data' && media !== 'text/plain' && media !== 'application/x-www-form-urlencoded') {
    return bad(`unexpected content type ${media || '(none)'}`);
  }
  return OK;
}

/** Whether the body is one an action could decode (the encodings React and browsers send). */
export function checkServerActionBody(contentType: string | null, body: Uint8Array): ActionVerdict {
  if (body.byteLength > SERVER_ACTION_BODY_LIMIT_BYTES) return TOO_LARGE;
  const media = mediaType(contentType);
  if (media === 'text/plain') {
    // React encodes arguments without files as JSON text.
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      return bad('body is not UTF-8');
    }
    try {
      JSON.parse(text);
    } catch {
      return bad('body is not the JSON an action sends');
    }
    return OK;
  }
  if (media === 'multipart/form-data') {
    const boundary = boundaryOf(contentType)!;
    const text = new TextDecoder('latin1').decode(body);
    const start = text.replace(/^(\r\n)+/, '');
    if (!start.startsWith(`--${boundary}`) || !text.includes(`--${boundary}--`)) return bad('malformed multipart body');
  }
  return OK;
}
