import Link from 'next/link';
import { can, type Permission, type Role } from '@/lib/auth/permissions';
import { getMerchantOrNull } from '@/lib/auth/session';
import styles from './settings.module.css';

type TabKey = 'shop' | 'payment' | 'shipping' | 'team' | 'activity' | 'integrations' | 'buyers';

const TABS: readonly { key: TabKey; href: string; label: string; needs?: Permission }[] = [
  { key: 'shop', href: '/dashboard/settings/loja', label: 'Loja' },
  { key: 'payment', href: '/dashboard/settings', label: 'Pagamento' },
  { key: 'shipping', href: '/dashboard/settings/shipping', label: 'Entrega' },
  { key: 'team', href: '/dashboard/settings/equipe', label: 'Equipe' },
  { key: 'activity', href: '/dashboard/settings/atividade', label: 'Atividade' },
  // An endpoint's URL may carry a secret token: only who manages the integrations sees them.
  { key: 'integrations', href: '/dashboard/settings/integracoes', label: 'Integrações', needs: 'integrations:manage' },
  { key: 'buyers', href: '/dashboard/settings/comprador', label: 'Dados do comprador' },
];

/** The tabs a role is shown (a tab the role may only read disabled stays; one it may not see at all goes). */
export function settingsTabsFor(role: Role | null): readonly { key: TabKey; href: string; label: string }[] {
  return TABS.filter((t) => !t.needs || can(role, t.needs));
}

/** Configurações → Loja | Pagamento | Entrega | Equipe | Atividade | Integrações | Dados do comprador (server component: the current tab is passed in). */
export async function SettingsTabs({ current }: { current: TabKey }) {
  const merchant = await getMerchantOrNull();
  return (
    <nav aria-label="Configurações" className={styles.tabs}>
      {settingsTabsFor(merchant?.role ?? null).map((t) => (
        <Link key={t.key} href={t.href} className={styles.tab} aria-current={t.key === current ? 'page' : undefined}>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
