import type { Metadata } from 'next';
import Link from 'next/link';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { requireMerchant } from '@/lib/auth';
import { readSubscriptionSettings } from '@/lib/subscriptions';
import { SettingsTabs } from '../settings-tabs';
import { saveSubscriptionSettingsAction } from './actions';
import { SubscriptionSettingsForm } from './subscription-settings-form';

export const metadata: Metadata = { title: 'Assinaturas · Configurações' };
export const dynamic = 'force-dynamic';

/** Configurações → "Assinaturas". */
export default async function SubscriptionSettingsPage() {
  const { role } = await requireMerchant('/dashboard/settings/assinaturas');
  const s = await readSubscriptionSettings();
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="subscriptions" />
      <h2>Assinaturas</h2>
      <p className="muted">
        Cada entrega de uma assinatura é um pedido com a sua cobrança, criado alguns dias antes da data. As assinaturas estão em{' '}
        <Link href="/dashboard/assinaturas">Assinaturas</Link>.
      </p>
      <SubscriptionSettingsForm
        action={saveSubscriptionSettingsAction}
        initial={{ pix: String(s.leadDays.pix), boleto: String(s.leadDays.boleto), tentativas: String(s.maxUnpaidInRow) }}
        denied={can(role, 'settings:edit') ? undefined : refusalMessage(role, 'settings:edit')}
      />
    </div>
  );
}
