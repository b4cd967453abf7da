import { orderPush } from '@/lib/push/payload';
import styles from './notifications.module.css';

/**
 * "Como aparece": the "Nova venda" notification drawn from the same builder the sender uses
 * (lib/push/payload.ts), for an example sale, so the merchant sees before allowing pushes that
 * a lock screen shows the money, the method and the number — never the buyer.
 */
export function PushPreview({ shopName }: { shopName: string }) {
  const example = orderPush('new_sale', { orderId: 'exemplo', label: '#1001', totalCents: 5480, method: 'pix' }, shopName);
  // A separator never starts a line here: "Pix" then "· #1001" under it read as a list.
  const title = example.title.replace(/ · /g, '\u00a0· ');
  return (
    <figure className={styles.preview} data-testid="push-preview">
      <figcaption className="muted small">Como aparece no celular (exemplo):</figcaption>
      <div className={styles.notification}>
        {/* eslint-disable-next-line @next/next/no-img-element -- the installed app's own icon, 192 px drawn once */}
        <img src="/dashboard-icon/192" alt="" width={32} height={32} className={styles.notificationIcon} />
        <div>
          <p className={styles.notificationTitle}>{title}</p>
          <p className={styles.notificationBody}>{example.body}</p>
        </div>
      </div>
    </figure>
  );
}
