import { buyerInvoiceLink } from '@/lib/nfe';

/** "Nota fiscal" on the buyer's paid order: the DANFE served by the shop (the order's token). */
export async function InvoiceLink({ order }: { order: { id: string; token: string; status: string } }) {
  if (order.status !== 'paid') return null;
  const href = await buyerInvoiceLink(order.id, order.token);
  if (!href) return null;
  return (
    <section className="card stack" aria-labelledby="nota-fiscal-titulo" data-testid="invoice-link">
      <h2 id="nota-fiscal-titulo">Nota fiscal</h2>
      <p>
        <a className="btn btn-secondary" href={href} target="_blank" rel="noopener">
          Ver a nota fiscal (DANFE)
        </a>
      </p>
    </section>
  );
}
