/**
 * A stand-in push service: records every push it gets (headers and the encrypted body), answers
 * `status` after `delayMs`; and the browser's side of a subscription (`newDevice`), which
 * decrypts a body by RFC 8291 written here from the RFC, independently of the library that
 * encrypted it (web-push).
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4 and RFC 8188 §2: one `aes128gcm` record (what a push body is). */
export function decryptAes128gcm(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPrivate.getPublicKey(), asPublic]);
  const ikm = hkdf(ecdhSecret, authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record: padding delimiter missing');
  return padded.subarray(0, end).toString('utf8');
}

export type ReceivedPush = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

/** A browser's side of one subscription: its keys as toJSON() gives them, and the private half kept. */
export function newDevice(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
    /** RFC 8291 on the receiving end: the plaintext of an `aes128gcm` body sent to this device. */
    decrypt: (body: Buffer) => decryptAes128gcm(body, ecdh, auth),
  };
}

export async function startPushReceiver(host = '127.0.0.1', port = 0) {
  const received: ReceivedPush[] = [];
  const state = { status: 201, delayMs: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) });
      setTimeout(() => {
        res.writeHead(state.status);
        res.end();
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return { received, state, origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
