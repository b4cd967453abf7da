import type { Metadata } from 'next';
import { requireMerchant } from '@/lib/auth';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { getEmailSettings } from '@/lib/email';
import { EmailSettingsForm } from '../email-settings-form';
import { SettingsTabs } from '../settings-tabs';

export const metadata: Metadata = { title: 'E-mails e avisos · Configurações' };
export const dynamic = 'force-dynamic';

/** Configurações → "E-mails e avisos": every e-mail switch, the reply-to and the shop's alerts, with one Save. */
export default async function EmailSettingsPage() {
  const { role } = await requireMerchant('/dashboard/settings/emails');
  const emailSettings = await getEmailSettings();
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="emails" />
      <p className="muted">Os e-mails que o comprador recebe e os avisos que chegam para a loja.</p>
      <PermissionGate role={role} permission="shop:edit">
        <EmailSettingsForm initial={emailSettings} />
      </PermissionGate>
    </div>
  );
}
