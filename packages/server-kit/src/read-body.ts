/**
 * A request body read with a size cap: 'too_large' when the declared Content-Length or the
 * bytes actually sent exceed `max` (the rest is not read). Used by the webhook route and the
 * sandbox, which answer 413 beyond 1 MB (docs/payment-api-contract.md).
 */
export async function readBodyCapped(req: Request, max: number): Promise<Uint8Array | 'too_large'> {
  const declared = req.headers.get('content-length');
  const declaredBytes = declared !== null && /^\d+$/.test(declared) ? Number(declared) : undefined;
  if (declaredBytes !== undefined && declaredBytes > max) return 'too_large';
  if (!req.body) return new Uint8Array();
  // A declared length within the cap is what the HTTP layer delivers, byte for byte: read it at once.
  if (declaredBytes !== undefined) return new Uint8Array(await req.arrayBuffer());
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return 'too_large';
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
