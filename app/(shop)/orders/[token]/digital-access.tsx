import { ACCESS_REFUSALS, digitalOffersOf, ACCESS_MAX_USES } from '@/lib/digital';

/**
 * A paid order's digital products: "Baixar" (a file) or "Acessar" (a link, a text) through the
 * order's signed links: each button spends one use and opens its download session. Nothing before the order is paid (digitalOffersOf answers nothing);
 * a link that no longer works says why instead of a button.
 */
export async function DigitalAccess({ order }: { order: { id: string; status: string } }) {
  const offers = await digitalOffersOf(order);
  if (offers.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="digital-titulo" data-testid="digital-access">
      <h2 id="digital-titulo">{offers.length === 1 ? 'Seu produto digital' : 'Seus produtos digitais'}</h2>
      <ul className="stack" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {offers.map((o) => (
          <li key={o.itemId} className="row" style={{ justifyContent: 'space-between', gap: '0.75rem' }}>
            <span>
              {o.name}
              {o.fileLabel ? <span className="small muted"> ({o.fileLabel})</span> : null}
            </span>
            {o.verdict.ok ? (
              // A form POST, not a link: the use is spent by this button only (works without JavaScript).
              <form method="post" action={o.startHref}>
                <button type="submit" className="btn btn-primary" aria-label={`${o.action}: ${o.name}`}>
                  {o.action}
                </button>
              </form>
            ) : (
              <span className="small">{ACCESS_REFUSALS[o.verdict.reason]}</span>
            )}
          </li>
        ))}
      </ul>
      <p className="small muted">O link vale 7 dias e {ACCESS_MAX_USES} acessos. Também enviamos por e-mail.</p>
    </section>
  );
}
