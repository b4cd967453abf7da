import type { Metadata } from 'next';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { requireMerchant } from '@/lib/auth';
import { cepLookupEnabled } from '@/lib/cep/service';
import { getShopIdentity, identityFormValues, policyText, POLICIES, POLICY_KEYS, logoUrl } from '@/lib/shop';
import { PoliciesForm } from './policies-form';
import { SettingsTabs } from '../settings-tabs';
import { ShopIdentityForm } from './shop-identity-form';

export const metadata: Metadata = { title: 'Loja · Configurações' };
export const dynamic = 'force-dynamic';

export default async function ShopSettingsPage() {
  const { role } = await requireMerchant('/dashboard/settings/loja');
  const identity = await getShopIdentity();
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="shop" />
      <p className="muted">A loja como o comprador a vê: nome, marca, dados legais e contato, em todas as páginas, e-mails e cobranças.</p>
      <PermissionGate role={role} permission="shop:edit">
        <ShopIdentityForm initial={identityFormValues(identity)} logoUrl={identity.logo ? logoUrl(identity.logo.hash) : null} cepLookup={cepLookupEnabled()} />
      </PermissionGate>
      <PermissionGate role={role} permission="shop:edit">
        <PoliciesForm policies={await Promise.all(POLICY_KEYS.map(async (k) => ({ ...POLICIES[k], text: await policyText(k, identity) })))} />
      </PermissionGate>
    </div>
  );
}
