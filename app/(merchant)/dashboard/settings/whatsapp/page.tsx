import type { Metadata } from 'next';
import { requireMerchant } from '@/lib/auth';
import { PermissionNote } from '@/app/(merchant)/dashboard/_components/permission-note';
import { can } from '@/lib/auth/permissions';
import { env } from '@/lib/config/env';
import { getWhatsappSettings, whatsappFormValues } from '@/lib/whatsapp';
import { SettingsTabs } from '../settings-tabs';
import { WhatsappForm } from './whatsapp-form';

export const metadata: Metadata = { title: 'WhatsApp · Configurações' };
export const dynamic = 'force-dynamic';

/** Configurações → "WhatsApp": only who manages the integrations sees it (the verify token, the credentials' state). */
export default async function WhatsappSettingsPage() {
  const { role } = await requireMerchant('/dashboard/settings/whatsapp');
  if (!can(role, 'integrations:manage')) {
    return (
      <div className="stack">
        <h1>Configurações</h1>
        <SettingsTabs current="whatsapp" />
        <PermissionNote role={role} permission="integrations:manage" />
      </div>
    );
  }
  const s = await getWhatsappSettings();
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="whatsapp" />
      <p className="muted">
        Mensagens automáticas pelo WhatsApp Cloud API da Meta, só para quem marcou &quot;Receber atualizações pelo WhatsApp&quot; no checkout. Se o WhatsApp
        falhar, o e-mail sai do mesmo jeito. Quem responder &quot;SAIR&quot; não recebe mais mensagens da loja.
      </p>
        <WhatsappForm initial={whatsappFormValues(s)} hasCredentials={s.hasToken || s.hasAppSecret} sandboxDefault={env().sandboxEnabled} />
        <section className="card stack" aria-labelledby="webhook-title">
          <h2 id="webhook-title">Webhook na Meta</h2>
          <p>
            URL de retorno: <code>{`${env().appUrl}/api/webhooks/whatsapp`}</code>
          </p>
          <p>
            Token de verificação: <code>{s.verifyToken || 'salve as configurações para gerar'}</code>
          </p>
          <p className="muted">Assine o campo &quot;messages&quot; para a loja ver as entregas, as leituras e os pedidos de saída.</p>
        </section>
    </div>
  );
}
