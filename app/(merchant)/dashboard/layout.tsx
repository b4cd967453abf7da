import type { Metadata } from 'next';
import { can, DEMO_ACCOUNT_PREFIX, ROLE_LABELS } from '@/lib/auth/permissions';
import { getMerchantOrNull } from '@/lib/auth/session';
import styles from './dashboard.module.css';
import { DashboardNav } from './dashboard-nav';
import { SignOutButton } from './sign-out-button';

export const metadata: Metadata = { title: { default: 'Painel', template: '%s · Painel · Balcão' }, robots: { index: false } };

/**
 * The guard is in every page (requireMerchant with the page's own path, so that sign-in
 * brings the merchant back there), in every action and in the CSV route. Without a session
 * this layout draws no chrome and leaves the redirect to the page below, which knows its path.
 */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const merchant = await getMerchantOrNull();
  if (!merchant) return <main id="conteudo">{children}</main>;
  return (
    <div className={styles.shell}>
      <header className={styles.sidebar}>
        <div className={styles.sidebarInner} data-sidebar>
          <div className={styles.identity}>
            <span className={styles.brand}>Balcão</span>
            <span className={styles.shopName}>{merchant.name}</span>
            <span className={`${styles.email} small`}>{merchant.email}</span>
            {merchant.role && merchant.role !== 'owner' ? <span className={`${styles.email} small`}>Acesso: {ROLE_LABELS[merchant.role]}</span> : null}
          </div>
          <DashboardNav />
          <div className={styles.signOut}>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="conteudo" className={styles.main} tabIndex={-1}>
        {can(merchant.role, 'dashboard:tour') ? (
          <p className="alert alert-info" data-testid="demo-banner">
            {DEMO_ACCOUNT_PREFIX}: os dados dos compradores aparecem mascarados. Você pode cancelar, reembolsar e reconciliar pedidos com o dinheiro do
            sandbox; produtos, links, configurações e e-mails ficam só para consulta.
          </p>
        ) : null}
        {children}
      </main>
    </div>
  );
}
