import Link from 'next/link';
import { getCarrierSettings, quotesWithCarrier } from '@/lib/shipping';

/** What a shopkeeper connects, before anything for developers: Melhor Envio (set up in Configurações → Entrega). */
export async function ConnectedServices() {
  const carrier = await getCarrierSettings();
  const env = carrier.environment === 'production' ? 'Produção' : 'Sandbox';
  const status = quotesWithCarrier(carrier)
    ? `Conectado (${env}): o checkout calcula o frete e você compra etiquetas pelo painel.`
    : carrier.hasToken
      ? 'Token salvo, mas a cotação está desligada: o checkout usa a sua tabela de frete.'
      : 'Não conectado: o checkout usa a sua tabela de frete.';
  return (
    <section className="stack" aria-labelledby="conectados">
      <h2 id="conectados">Serviços conectados</h2>
      <article className="card stack" aria-labelledby="melhor-envio">
        <h3 id="melhor-envio">Melhor Envio</h3>
        <p data-testid="melhor-envio-status">{status}</p>
        <p>
          <Link href="/dashboard/settings/shipping">Configurar em Entrega</Link>
        </p>
      </article>
    </section>
  );
}
