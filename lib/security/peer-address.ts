/**
 * The socket's peer address, for lib/security/client-address.ts. Next.js hands route handlers
 * and server actions headers only, and it fills X-Forwarded-For with the peer only when the
 * client sent none — so a client that sends one hides the socket address. On a Node host
 * (instrumentation.ts → startServer) every incoming request is stamped, before Next.js sees it,
 * with two headers the client cannot set (any it sent are overwritten):
 * the peer's address, and X-Forwarded-For exactly as it arrived ('' when absent).
 */
import http from 'node:http';
import { oncePerProcess, ranOncePerProcess } from '@/lib/process/context';

export const PEER_ADDRESS_HEADER = 'x-balcao-peer-address';
export const RECEIVED_FORWARDED_FOR_HEADER = 'x-balcao-received-forwarded-for';

/** Node's http.Server prototype is patched once per process (not per context: a new one cannot undo it). */
const STAMP = 'security.peer-address-stamp';

/** Whether this process stamps its requests (only then are the two headers trustworthy). */
export function peerStampInstalled(): boolean {
  return ranOncePerProcess(STAMP);
}

export function stampPeerAddress(req: http.IncomingMessage): void {
  const received = req.headers['x-forwarded-for'];
  req.headers[RECEIVED_FORWARDED_FOR_HEADER] = Array.isArray(received) ? received.join(', ') : (received ?? '');
  req.headers[PEER_ADDRESS_HEADER] = req.socket?.remoteAddress ?? '';
}

/** Stamps every request of every http.Server in this process from now on. Idempotent. */
export function installPeerAddressStamp(): void {
  oncePerProcess(STAMP, () => {
    const emit = http.Server.prototype.emit;
    http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
      if (event === 'request' || event === 'checkContinue' || event === 'checkExpectation') stampPeerAddress(args[0] as http.IncomingMessage);
      return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
    } as typeof emit;
  });
}
