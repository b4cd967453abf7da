import type { Metadata } from 'next';
import Link from 'next/link';
import { requireMerchant } from '@/lib/auth';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { saoPauloDate } from '@balcao/br/dates';
import { bpsToPercentText } from '@/lib/payment-settings/pix-discount';
import { getSettings } from '@/lib/payment-settings/settings';
import { NewLinkForm } from './new-link-form';

export const metadata: Metadata = { title: 'Novo link' };
export const dynamic = 'force-dynamic';

export default async function NewLinkPage() {
  const { role } = await requireMerchant('/dashboard/links/novo');
  const settings = await getSettings();
  return (
    <div className="stack">
      <p className="small">
        <Link href="/dashboard/links">← Links de pagamento</Link>
      </p>
      <h1>Novo link</h1>
      <p className="muted">Combine o valor na conversa, crie o link e envie pelo WhatsApp ou Instagram. O comprador paga por Pix ou boleto.</p>
      <PermissionGate role={role} permission="links:edit">
        <NewLinkForm today={saoPauloDate()} pixDiscountPercent={settings.pixDiscountBps > 0 ? bpsToPercentText(settings.pixDiscountBps) : null} />
      </PermissionGate>
    </div>
  );
}
