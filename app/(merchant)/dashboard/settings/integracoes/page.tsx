import type { Metadata } from 'next';
import Link from 'next/link';
import { requireMerchant } from '@/lib/auth';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { currentKeyMode, listApiKeys } from '@/lib/public-api';
import { listEndpoints, recentAttempts } from '@/lib/outbound-events/webhook-endpoints';
import { PermissionNote } from '@/app/(merchant)/dashboard/_components/permission-note';
import { SettingsTabs } from '../settings-tabs';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';
import { PixelSection } from './pixel-section';
import { ConnectedServices } from './connected-services';

export const metadata: Metadata = { title: 'Integrações · Configurações' };
export const dynamic = 'force-dynamic';

export default async function IntegrationsPage() {
  const { role } = await requireMerchant('/dashboard/settings/integracoes');
  // Endpoint URLs may carry secret tokens: a role that does not manage integrations sees none of it.
  if (!can(role, 'integrations:manage')) {
    return (
      <div className="stack">
        <h1>Configurações</h1>
        <SettingsTabs current="integrations" />
        <PermissionNote role={role} permission="integrations:manage" />
      </div>
    );
  }
  const keys = await listApiKeys();
  const endpoints = await listEndpoints();
  const attempts = await recentAttempts(endpoints.map((e) => e.id), 20);
  const mode = currentKeyMode();
  const denied = can(role, 'integrations:manage') ? undefined : refusalMessage(role, 'integrations:manage');
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="integrations" />
      <ConnectedServices />
      <PixelSection />

      <h2 id="desenvolvedores">Para desenvolvedores</h2>
      <p className="muted">
        Use o Balcão como o checkout do seu site: o seu servidor cria uma sessão de pagamento pela API, o comprador paga na página do Balcão e o seu servidor
        recebe um webhook assinado. <Link href="/dashboard/settings/integracoes/guia">Guia da API</Link>
      </p>

      <ApiKeysSection role={role} keys={keys} mode={mode} denied={denied} />

      <WebhooksSection role={role} endpoints={endpoints} attempts={attempts} denied={denied} />
    </div>
  );
}
