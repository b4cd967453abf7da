import { getPixelSettings } from '@/lib/pixels';
import { PixelForms } from './pixel-forms';

/** Integrações → "Pixels de anúncios": Meta Pixel and Google Analytics 4 (the page checked integrations:manage). */
export async function PixelSection() {
  const settings = await getPixelSettings();
  return (
    <section className="stack" aria-labelledby="pixels">
      <h2 id="pixels">Pixels de anúncios</h2>
      <p className="muted">
        Para os anúncios otimizarem por vendas. A loja mostra um aviso de cookies; só de quem aceita os cookies de marketing os eventos são enviados, pelo servidor,
        com e-mail e celular cifrados (SHA-256). A compra é enviada uma vez, quando o pedido é pago.
      </p>
      <PixelForms settings={settings} />
    </section>
  );
}
