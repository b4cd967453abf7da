import { formatDateTimeBR } from '@balcao/br/dates';
import { ActionForm } from '../_components/action-form';
import { PermissionGate } from '../_components/permission-note';
import type { Role } from '@/lib/auth/permissions';
import { choicesOf, devicesOf, vapidKeys } from '@/lib/push';
import { getShopIdentity } from '@/lib/shop';
import { InstallHint } from '../pwa-install-hint';
import { PushChoicesForm } from './push-choices-form';
import { PushEnable } from './push-enable';
import { PushPreview } from './push-preview';
import styles from './notifications.module.css';
import { removeDeviceAction, sendTestPushAction } from './push-actions';

/** Minha conta → "Notificações": this device, the person's devices, a test, and which pushes. */
export async function NotificationsSection({ userId, role }: { userId: number; role: Role | null }) {
  const [devices, choices, vapid, shop] = await Promise.all([devicesOf(userId), choicesOf(userId), vapidKeys(), getShopIdentity()]);
  return (
    <section className="card stack" aria-labelledby="notificacoes-titulo" id="notificacoes">
      <h2 id="notificacoes-titulo">Notificações</h2>
      <p className="muted small">Receba no celular “Nova venda” quando um pedido é pago, com o valor, a forma de pagamento e o número. Tocar abre o pedido.</p>
      <PushPreview shopName={shop.name} />
      <PermissionGate role={role} permission="account:edit">
        <PushEnable vapidPublicKey={vapid.publicKey} knownEndpoints={devices.map((d) => d.endpoint)} />
        <InstallHint />
        <h3>Aparelhos</h3>
        {devices.length === 0 ? (
          <p className="muted" data-testid="push-devices-empty">
            Nenhum aparelho recebe notificações desta conta.
          </p>
        ) : (
          <ul className={styles.devices} data-testid="push-devices">
            {devices.map((d) => (
              <li key={d.id} className={styles.device}>
                <span>
                  {d.label}
                  <span className="muted small"> · desde {formatDateTimeBR(d.createdAt)}</span>
                </span>
                <ActionForm action={removeDeviceAction} fields={{ deviceId: String(d.id) }} label="Remover" pendingLabel="Removendo…" />
              </li>
            ))}
          </ul>
        )}
        <ActionForm action={sendTestPushAction} label="Enviar notificação de teste" pendingLabel="Enviando…" available={devices.length > 0} />
        <PushChoicesForm choices={choices} />
      </PermissionGate>
    </section>
  );
}
