import type { Metadata } from 'next';
import { requireMerchant } from '@/lib/auth/session';
import { ROLE_LABELS } from '@/lib/auth/permissions';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { ChangePasswordForm } from './change-password-form';

export const metadata: Metadata = { title: 'Minha conta' };
export const dynamic = 'force-dynamic';

export default async function AccountPage() {
  const merchant = await requireMerchant('/dashboard/conta');
  return (
    <div className="stack">
      <h1>Minha conta</h1>
      <p className="muted">
        {merchant.name} · {merchant.email}
        {merchant.role ? ` · ${ROLE_LABELS[merchant.role]}` : ''}
      </p>
      <section className="card stack" aria-labelledby="alterar-senha">
        <h2 id="alterar-senha">Alterar senha</h2>
        <p className="muted small">Ao alterar, todas as sessões abertas desta conta terminam, nesta e em outros aparelhos; entre de novo com a nova senha.</p>
        <PermissionGate role={merchant.role} permission="account:edit">
          <ChangePasswordForm />
        </PermissionGate>
      </section>
    </div>
  );
}
