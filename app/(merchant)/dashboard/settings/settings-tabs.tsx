import Link from 'next/link';
import { SETTINGS_PAGES } from '../nav-sections';
import styles from './settings.module.css';

/** Configurações → Loja | Pagamento | Entrega | Equipe | Atividade | Integrações | Dados do comprador (server component: the current tab is passed in). */
export function SettingsTabs({ current }: { current: 'shop' | 'payment' | 'shipping' | 'team' | 'activity' | 'integrations' | 'buyers' }) {
  const tabs = SETTINGS_PAGES;
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
