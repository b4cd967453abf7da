/**
 * The boleto PDF of the sandbox ({invoice_url}/boleto/pdf/<id>): 404 until the boleto is
 * registered. In a public demo the payer is printed whole only for the shopper (`?pedido=<the
 * order's token>`, as their order page links it) or a merchant with `buyers:read`; anyone else,
 * holding just the charge id, gets the payer masked (lib/demo/simulator-access.ts).
 */
import { mayReadBoletoPayer } from '@/lib/demo/simulator-access';
import { defaultSandbox, sandboxEnabled } from '@/lib/embedded-provider';
import { boletoInvoicePdf } from '@balcao/payment-sandbox';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const notFound = () =>
  new Response('Boleto não encontrado (ou ainda em registro).', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

const ORDER_TOKEN = /^[A-Za-z0-9_-]{16,100}$/;

export async function GET(req: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  if (!sandboxEnabled()) return notFound();
  const { id } = await context.params;
  const token = new URL(req.url).searchParams.get('pedido');
  const whole = await mayReadBoletoPayer(id, token && ORDER_TOKEN.test(token) ? token : null);
  const pdf = await boletoInvoicePdf(defaultSandbox(), id, { payer: whole ? 'whole' : 'masked' });
  if (!pdf) return notFound();
  return new Response(Buffer.from(pdf), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="boleto-${id.toLowerCase()}.pdf"`,
      'Cache-Control': 'no-store',
      // The URL may carry the order's token: never sent on to another site.
      'Referrer-Policy': 'no-referrer',
    },
  });
}
