import type { Metadata } from 'next';
import { requireMerchant } from '@/lib/auth';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { settingInputText } from '@/lib/payment-settings/settings-form';
import { bpsToPercentText } from '@/lib/payment-settings/pix-discount';
import { getSettings } from '@/lib/payment-settings/settings';
import { SettingsForm } from './settings-form';
import { SettingsTabs } from './settings-tabs';

export const metadata: Metadata = { title: 'Configurações' };
export const dynamic = 'force-dynamic';

export default async function SettingsPage() {
  const { role } = await requireMerchant('/dashboard/settings');
  const s = await getSettings();
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="payment" />
      <p className="muted">Condições das próximas cobranças. Pedidos já criados mantêm as condições com que foram gerados.</p>
      <PermissionGate role={role} permission="payments:configure">
        <SettingsForm
          initial={{
            boletoFinePercent: settingInputText(s.boletoFinePercent),
            boletoInterestPercent: settingInputText(s.boletoInterestPercent),
            boletoGraceDays: String(s.boletoGraceDays),
            boletoDueDays: String(s.boletoDueDays),
            pixExpirationDays: String(s.pixExpirationDays),
            pixDiscountBps: bpsToPercentText(s.pixDiscountBps),
            stockHoldMinutes: String(s.stockHoldMinutes),
            requireBuyerPhone: s.requireBuyerPhone ? 'on' : '',
          }}
        />
      </PermissionGate>
    </div>
  );
}
