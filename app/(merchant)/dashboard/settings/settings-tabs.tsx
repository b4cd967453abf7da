import Link from 'next/link';
import styles from './settings.module.css';

/** Configurações → Loja | Pagamento | Entrega | Integrações (server component: the current tab is passed in). */
export function SettingsTabs({ current }: { current: 'shop' | 'payment' | 'shipping' | 'integrations' }) {
  const tabs = [
    { key: 'shop', href: '/dashboard/settings/loja', label: 'Loja' },
    { key: 'payment', href: '/dashboard/settings', label: 'Pagamento' },
    { key: 'shipping', href: '/dashboard/settings/shipping', label: 'Entrega' },
    { key: 'integrations', href: '/dashboard/settings/integracoes', label: 'Integrações' },
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
