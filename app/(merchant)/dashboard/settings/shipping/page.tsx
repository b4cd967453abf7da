import type { Metadata } from 'next';
import { requireMerchant } from '@/lib/auth';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { getShippingRules, shippingFormValues, getCarrierSettings, carrierFormValues } from '@/lib/shipping';
import { SettingsTabs } from '../settings-tabs';
import { ShippingForm } from './shipping-form';
import { CarrierForm } from './carrier-form';
import { env } from '@/lib/config/env';

export const metadata: Metadata = { title: 'Entrega · Configurações' };
export const dynamic = 'force-dynamic';

export default async function ShippingSettingsPage() {
  const { role } = await requireMerchant('/dashboard/settings/shipping');
  const [rules, carrier] = await Promise.all([getShippingRules(), getCarrierSettings()]);
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="shipping" />
      <p className="muted">
        Frete dos produtos físicos. O frete de um estado vale sobre o da sua região, que vale sobre o de todo o Brasil. O desconto do Pix não se aplica ao
        frete. Pedidos já feitos mantêm o frete com que foram criados.
      </p>
      <PermissionGate role={role} permission="settings:edit">
        <CarrierForm initial={carrierFormValues(carrier)} hasToken={carrier.hasToken} sandboxDefault={env().sandboxEnabled} />
        <ShippingForm initial={shippingFormValues(rules)} />
      </PermissionGate>
    </div>
  );
}
