import type { Metadata } from 'next';
import Link from 'next/link';
import { requireMerchant } from '@/lib/auth';
import { SECTIONS, settingsPagesFor } from '../nav-sections';
import styles from '../dashboard.module.css';

export const metadata: Metadata = { title: 'Mais' };

/** The bottom bar's "Mais": every section that is not in the bar, and each page of Configurações. */
const MORE = SECTIONS.filter((s) => !['/dashboard', '/dashboard/orders', '/dashboard/produtos', '/dashboard/settings'].includes(s.href));

export default async function MorePage() {
  const merchant = await requireMerchant('/dashboard/mais');
  return (
    <div className="stack">
      <h1>Mais</h1>
      <nav aria-label="Outras seções" className="stack">
        <ul className={styles.moreList}>
          {MORE.map((s) => (
            <li key={s.href}>
              <Link href={s.href} className={styles.moreLink}>
                {s.label}
              </Link>
            </li>
          ))}
          <li>
            <a href="/" target="_blank" rel="noopener" className={styles.moreLink}>
              Ver minha loja<span className="visually-hidden"> (abre em nova aba)</span>
            </a>
          </li>
        </ul>
        <h2 id="mais-configuracoes">Configurações</h2>
        <ul className={styles.moreList} aria-labelledby="mais-configuracoes">
          {settingsPagesFor(merchant.role).map((s) => (
            <li key={s.href}>
              <Link href={s.href} className={styles.moreLink}>
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
