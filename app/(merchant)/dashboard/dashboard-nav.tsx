'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import styles from './dashboard.module.css';

const LINKS = [
  { href: '/dashboard', label: 'Visão geral', exact: true },
  { href: '/dashboard/orders', label: 'Pedidos', exact: false },
  { href: '/dashboard/produtos', label: 'Produtos', exact: false },
  { href: '/dashboard/links', label: 'Links', exact: false },
  { href: '/dashboard/cupons', label: 'Cupons', exact: false },
  { href: '/dashboard/carrinhos-abandonados', label: 'Carrinhos abandonados', exact: false },
  { href: '/dashboard/settings', label: 'Configurações', exact: false },
  { href: '/dashboard/conta', label: 'Minha conta', exact: false },
] as const;

export function DashboardNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Painel" className={styles.nav}>
      <ul>
        {LINKS.map((l) => {
          const active = l.exact ? pathname === l.href : pathname === l.href || pathname.startsWith(`${l.href}/`);
          return (
            <li key={l.href}>
              <Link href={l.href} className={styles.navLink} aria-current={active ? 'page' : undefined}>
                {l.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
