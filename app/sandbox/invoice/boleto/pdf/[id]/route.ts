/** The boleto PDF of the sandbox ({invoice_url}/boleto/pdf/<id>): 404 until the boleto is registered. */
import { defaultSandbox, sandboxEnabled } from '@/lib/embedded-provider';
import { boletoInvoicePdf } from '@balcao/payment-sandbox';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const notFound = () =>
  new Response('Boleto não encontrado (ou ainda em registro).', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

export async function GET(_req: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  if (!sandboxEnabled()) return notFound();
  const { id } = await context.params;
  const pdf = await boletoInvoicePdf(defaultSandbox(), id);
  if (!pdf) return notFound();
  return new Response(Buffer.from(pdf), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="boleto-${id.toLowerCase()}.pdf"`,
      'Cache-Control': 'no-store',
    },
  });
}
