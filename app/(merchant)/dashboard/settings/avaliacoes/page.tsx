import type { Metadata } from 'next';
import Link from 'next/link';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { requireMerchant } from '@/lib/auth';
import { readReviewSettings } from '@/lib/reviews';
import { SettingsTabs } from '../settings-tabs';
import { saveReviewSettingsAction } from './actions';
import { ReviewSettingsForm } from './review-settings-form';

export const metadata: Metadata = { title: 'Avaliações · Configurações' };
export const dynamic = 'force-dynamic';

/** Configurações → "Avaliações". */
export default async function ReviewSettingsPage() {
  const { role } = await requireMerchant('/dashboard/settings/avaliacoes');
  const settings = await readReviewSettings();
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="reviews" />
      <h2>Avaliações</h2>
      <p className="muted">
        Só quem recebeu o pedido avalia, uma vez por produto. As avaliações chegam em <Link href="/dashboard/avaliacoes">Avaliações</Link>, onde você publica,
        oculta ou responde.
      </p>
      <ReviewSettingsForm
        action={saveReviewSettingsAction}
        delayDays={settings.delayDays}
        autoPublishHigh={settings.autoPublishHigh}
        denied={can(role, 'reviews:moderate') ? undefined : refusalMessage(role, 'reviews:moderate')}
      />
    </div>
  );
}
