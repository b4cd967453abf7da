import Link from 'next/link';
import styles from './settings.module.css';

/** Configurações → Loja | Pagamento | Entrega | Equipe | Atividade | Integrações | Dados do comprador (server component: the current tab is passed in). */
export function SettingsTabs({ current }: { current: 'shop' | 'payment' | 'shipping' | 'team' | 'activity' | 'integrations' | 'buyers' | 'abandoned' }) {
  const tabs = [
    { key: 'shop', href: '/dashboard/settings/loja', label: 'Loja' },
    { key: 'payment', href: '/dashboard/settings', label: 'Pagamento' },
    { key: 'shipping', href: '/dashboard/settings/shipping', label: 'Entrega' },
    { key: 'team', href: '/dashboard/settings/equipe', label: 'Equipe' },
    { key: 'activity', href: '/dashboard/settings/atividade', label: 'Atividade' },
    { key: 'integrations', href: '/dashboard/settings/integracoes', label: 'Integrações' },
    { key: 'buyers', href: '/dashboard/settings/comprador', label: 'Dados do comprador' },
    { key: 'abandoned', href: '/dashboard/settings/carrinhos-abandonados', label: 'Carrinhos abandonados' },
  ] as const;
  return (
    <nav aria-label="Configurações" className={styles.tabs}>
      {tabs.map((t) => (
        <Link key={t.key} href={t.href} className={styles.tab} aria-current={t.key === current ? 'page' : undefined}>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
