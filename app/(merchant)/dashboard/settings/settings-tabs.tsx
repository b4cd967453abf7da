import Link from 'next/link';
import { getMerchantOrNull } from '@/lib/auth';
import { GUIDE_SECTION, settingsPagesFor, type SettingsPageKey } from '../nav-sections';
import styles from './settings.module.css';

/** Configurações → Loja | Pagamento | Entrega | E-mails e avisos | Equipe | Integrações | Dados do comprador | Atividade (server component: the current tab is passed in). */
export async function SettingsTabs({ current }: { current: SettingsPageKey }) {
  const merchant = await getMerchantOrNull();
  return (
    <>
      <nav aria-label="Configurações" className={styles.tabs}>
        {settingsPagesFor(merchant?.role ?? null).map((t) => (
          <Link key={t.key} href={t.href} className={styles.tab} aria-current={t.key === current ? 'page' : undefined}>
            {t.label}
          </Link>
        ))}
        <Link href="/dashboard/mais#mais-configuracoes" className={styles.moreSettings}>
          Outras configurações
        </Link>
      </nav>
      <p className={styles.help}>
        <Link href={`/dashboard/ajuda#${GUIDE_SECTION[current]}`}>Como usar esta página (guia do lojista)</Link>
      </p>
    </>
  );
}
