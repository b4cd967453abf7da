import type { Metadata } from 'next';
import Link from 'next/link';
import { requireMerchant } from '@/lib/auth';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { getReminderSteps } from '@/lib/checkout';
import { saveAbandonedSettingsAction } from './actions';
import { RemindersForm } from './reminders-form';
import { SettingsTabs } from '../settings-tabs';

export const metadata: Metadata = { title: 'Carrinhos abandonados · Configurações' };
export const dynamic = 'force-dynamic';

/** Configurações → "Carrinhos abandonados": up to 3 reminders, each switchable and timed, a coupon on the 2nd or 3rd. */
export default async function AbandonedSettingsPage() {
  const { role } = await requireMerchant('/dashboard/settings/carrinhos-abandonados');
  const steps = await getReminderSteps();
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="abandoned" />
      <h2>Carrinhos abandonados</h2>
      <p className="muted">
        Quando alguém digita o e-mail no checkout e não finaliza, a loja pode lembrar por e-mail, com o carrinho e o botão &quot;Finalizar minha
        compra&quot;. Cada e-mail traz &quot;Não quero receber lembretes&quot;. Os carrinhos salvos são apagados 30 dias após o último lembrete.
        Veja a lista em <Link href="/dashboard/carrinhos-abandonados">Carrinhos abandonados</Link>.
      </p>
      <RemindersForm steps={steps} action={saveAbandonedSettingsAction} denied={can(role, 'settings:edit') ? undefined : refusalMessage(role, 'settings:edit')} />
    </div>
  );
}
