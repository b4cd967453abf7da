'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import styles from './dashboard.module.css';
import { BOTTOM_BAR, bottomBarCurrent, isCurrent, SECTIONS } from './nav-sections';

/** The desk's sidebar: every section. Hidden on a phone, where the bottom bar takes over. */
export function DashboardNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Painel" className={styles.nav}>
      <ul>
        {SECTIONS.map((l) => (
          <li key={l.href}>
            <Link href={l.href} className={styles.navLink} aria-current={isCurrent(pathname, l) ? 'page' : undefined}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const ICONS: Record<(typeof BOTTOM_BAR)[number]['icon'], React.ReactNode> = {
  home: <path d="M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5" />,
  orders: <path d="M6 3.5h12v17H6zM9 8h6M9 12h6M9 16h4" />,
  products: <path d="m12 3 8 4.5v9L12 21l-8-4.5v-9zM4 7.5l8 4.5 8-4.5M12 12v9" />,
  more: <path d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth={3.5} />,
};

/**
 * The phone's bottom bar: "Início", "Pedidos", "Produtos" and "Mais" (a page listing the
 * rest), so every section is two taps away. The page's bottom padding keeps it off content.
 */
export function BottomBar() {
  const current = bottomBarCurrent(usePathname());
  return (
    <nav aria-label="Painel" className={styles.bottomBar} data-testid="bottom-bar">
      <ul>
        {BOTTOM_BAR.map((b) => (
          <li key={b.href}>
            <Link href={b.href} className={styles.barLink} aria-current={current === b.href ? 'page' : undefined}>
              <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
                {ICONS[b.icon]}
              </svg>
              <span>{b.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
