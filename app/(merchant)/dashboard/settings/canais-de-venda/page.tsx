import type { Metadata } from 'next';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { requireMerchant } from '@/lib/auth';
import { env } from '@/lib/config/env';
import { categoryMappings, feedUrls, readFeedSettings } from '@/lib/feeds/settings';
import { getShopIdentity } from '@/lib/shop';
import { ActionForm } from '../../_components/action-form';
import { SettingsTabs } from '../settings-tabs';
import { rotateFeedTokenAction, saveFeedSettingsAction, verifyFeedAction } from './actions';
import { ChannelsForm } from './channels-form';
import { FeedCard } from './feed-card';

export const metadata: Metadata = { title: 'Canais de venda · Configurações' };
export const dynamic = 'force-dynamic';

/** Configurações → "Canais de venda": the product feeds for Google Merchant Center and Meta's catalog. */
export default async function ChannelsPage() {
  const { role } = await requireMerchant('/dashboard/settings/canais-de-venda');
  const [settings, categories, shop] = await Promise.all([readFeedSettings(), categoryMappings(), getShopIdentity()]);
  const editor = can(role, 'settings:edit');
  // The secret code is the shop's: a role that may not change the settings sees the address without it.
  const urls = feedUrls(env().appUrl, editor ? settings.accessToken : null);
  const denied = editor ? undefined : refusalMessage(role, 'settings:edit');
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="channels" />
      <h2>Canais de venda</h2>
      <p className="muted">
        Os feeds listam cada variante à venda, com preço, estoque e fotos como a loja mostra, e se atualizam sozinhos quando o catálogo muda. Cadastre o
        endereço uma vez no canal; ele volta a buscar todo dia.
      </p>
      <FeedCard
        title="Google Merchant Center"
        url={urls.google}
        fetchedAt={settings.fetchedAt.google}
        help={<>No Merchant Center: Produtos → Fontes de dados → Adicionar fonte → “Adicionar produtos de um arquivo” → “Buscar arquivo de um link”. Cole o endereço e escolha busca diária.</>}
      />
      <FeedCard
        title="Catálogo do Meta"
        url={urls.meta}
        fetchedAt={settings.fetchedAt.meta}
        help={<>No Commerce Manager: Catálogo → Fontes de dados → Adicionar itens → Feed de dados → “Usar um URL”. Cole o endereço e agende a atualização diária.</>}
      />
      <section className="card stack" aria-labelledby="verificar">
        <h3 id="verificar">Verificar feed</h3>
        <p className="small muted">Confere os campos que o Google exige em cada item e diz o que falta, em números.</p>
        <ActionForm action={verifyFeedAction} label="Verificar feed" pendingLabel="Verificando…" className="btn btn-secondary" />
      </section>
      <ChannelsForm
        action={saveFeedSettingsAction}
        brand={settings.brand}
        shopName={shop.name}
        includeDigital={settings.includeDigital}
        requireToken={settings.accessToken !== null}
        categories={categories}
        denied={denied}
      />
      {settings.accessToken ? (
        <ActionForm
          action={rotateFeedTokenAction}
          label="Trocar código secreto"
          pendingLabel="Trocando…"
          className="btn btn-ghost"
          denied={denied}
          confirm={{ title: 'Trocar o código secreto?', body: 'Os endereços atuais deixam de funcionar: cole os novos no Google e no Meta.', confirmLabel: 'Trocar código' }}
        />
      ) : null}
    </div>
  );
}
