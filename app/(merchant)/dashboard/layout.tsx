import type { Metadata } from 'next';
import { can, DEMO_ACCOUNT_PREFIX, ROLE_LABELS } from '@/lib/auth/permissions';
import { getMerchantOrNull } from '@/lib/auth';
import { getShopIdentity, logoUrl } from '@/lib/shop';
import styles from './dashboard.module.css';
import { BottomBar, DashboardNav } from './dashboard-nav';
import { SignOutButton } from './sign-out-button';
import { PwaWorker } from './pwa-worker';

export const metadata: Metadata = {
  title: { default: 'Painel', template: '%s · Painel · Balcão' },
  robots: { index: false },
  // The installable dashboard (app/dashboard.webmanifest, public/dashboard-sw.js).
  manifest: '/dashboard.webmanifest',
  icons: { apple: '/dashboard-icon/180' },
  appleWebApp: { capable: true, title: 'Painel', statusBarStyle: 'default' },
};

/**
 * The guard is in every page (requireMerchant with the page's own path, so that sign-in
 * brings the merchant back there), in every action and in the CSV route. Without a session
 * this layout draws no chrome and leaves the redirect to the page below, which knows its path.
 */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const merchant = await getMerchantOrNull();
  if (!merchant) return <main id="conteudo">{children}</main>;
  // The sidebar names the shop the buyers see (Configurações → Loja), not the account.
  const shop = await getShopIdentity();
  return (
    <div className={styles.shell}>
      <PwaWorker />
      <header className={styles.sidebar}>
        <div className={styles.sidebarInner} data-sidebar>
          <div className={styles.identity}>
            {shop.logo ? (
              // eslint-disable-next-line @next/next/no-img-element -- the shop's own WebP, already sized by the logo route
              <img src={logoUrl(shop.logo.hash)} alt="" width={shop.logo.width} height={shop.logo.height} className={styles.logo} />
            ) : null}
            <div className={styles.names}>
              <span className={styles.shopName} data-testid="dashboard-shop-name">
                {shop.name}
              </span>
              <span className={`${styles.email} small`}>{merchant.email}</span>
              {merchant.role && merchant.role !== 'owner' && !can(merchant.role, 'dashboard:tour') ? (
                <span className={`${styles.email} small`}>Acesso: {ROLE_LABELS[merchant.role]}</span>
              ) : null}
              {can(merchant.role, 'dashboard:tour') ? (
                <span className={`badge badge-pending ${styles.demoBadge}`} data-testid="demo-badge">
                  {DEMO_ACCOUNT_PREFIX}
                </span>
              ) : null}
            </div>
          </div>
          <a href="/" target="_blank" rel="noopener" className={styles.storeLink}>
            Ver minha loja<span className="visually-hidden"> (abre em nova aba)</span>
          </a>
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
      <BottomBar />
    </div>
  );
}
