import Link from 'next/link';
import { SETTINGS_PAGES } from '../nav-sections';
import styles from './settings.module.css';

/** Configurações → Loja | Pagamento | Entrega | E-mails e avisos | Equipe | Integrações | Dados do comprador | Atividade (server component: the current tab is passed in). */
export function SettingsTabs({ current }: { current: (typeof SETTINGS_PAGES)[number]['key'] }) {
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
