import type { Metadata } from 'next';
import Link from 'next/link';
import { readCart } from '@/lib/checkout';
import { darken, lighten, storefront, logoUrl } from '@/lib/shop';
import { ShopFooter } from './_components/shop-footer';
import { ShopPixels } from './_components/pixels';
import styles from './shop.module.css';

/** Page titles end with the shop's name; its logo, when there is one, is the tab's icon. */
export async function generateMetadata(): Promise<Metadata> {
  const shop = (await storefront()).identity;
  return {
    // absolute: the root layout's template ("· Balcão", for the merchant's pages) must not reach the shop.
    title: { absolute: shop.name, template: `%s · ${shop.name}` },
    description: shop.description || `${shop.name}: pague com Pix ou boleto.`,
    ...(shop.logo ? { icons: { icon: [{ url: logoUrl(shop.logo.hash), type: 'image/webp' }] } } : {}),
  };
}

/**
 * The shop's colour replaces the default green. It passed the 4.5:1 check against white
 * (lib/shop/contrast.ts), so text, links and white-on-colour buttons keep AA; the hover shade
 * is darker still. A validated '#rrggbb' is the only thing interpolated here.
 */
function themeCss(color: string): string | null {
  if (!/^#[0-9a-f]{6}$/.test(color)) return null;
  return `:root{--brand:${color};--brand-strong:${darken(color, 0.25)};--brand-soft:${lighten(color, 0.88)}}`;
}

export default async function ShopLayout({ children }: { children: React.ReactNode }) {
  const [cart, { identity: shop, categories }] = await Promise.all([readCart(), storefront()]);
  const count = cart.itemCount;
  const theme = themeCss(shop.color);
  return (
    <>
      {theme ? <style>{theme}</style> : null}
      <ShopPixels />
      <header className={styles.header}>
        <div className={`container ${styles.bar}`}>
          <Link href="/" className={styles.logo}>
            {shop.logo ? (
              // eslint-disable-next-line @next/next/no-img-element -- a small stored WebP at its own size
              <img src={logoUrl(shop.logo.hash)} alt="" width={shop.logo.width} height={shop.logo.height} className={styles.logoImage} />
            ) : (
              <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32" className={styles.logoMark}>
                <rect width="32" height="32" rx="8" fill="currentColor" />
                <path d="M7 13h18v3a9 9 0 0 1-18 0z" fill="#fff" />
                <rect x="5" y="24" width="22" height="2.5" rx="1.25" fill="#fff" />
              </svg>
            )}
            {shop.name}
          </Link>
          <nav aria-label="Loja">
            <Link href="/cart" className={styles.cartLink}>
              <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" />
                <circle cx="10" cy="20" r="1.4" />
                <circle cx="17" cy="20" r="1.4" />
              </svg>
              Carrinho
              {count > 0 ? (
                <span className={styles.count}>
                  {count}
                  <span className="visually-hidden"> {count === 1 ? 'item' : 'itens'}</span>
                </span>
              ) : null}
            </Link>
          </nav>
        </div>
        <nav aria-label="Categorias" className={`container ${styles.categories}`}>
          <ul>
            {categories.map((c) => (
              <li key={c.id}>
                <Link href={`/categorias/${c.slug}`}>{c.name}</Link>
              </li>
            ))}
            <li>
              {/* "Buscar" on screen keeps the row within a phone's width; the link's name stays "Buscar produtos". */}
              <Link href="/busca">
                Buscar<span className="visually-hidden"> produtos</span>
              </Link>
            </li>
          </ul>
        </nav>
      </header>
      <div id="conteudo" className={styles.main} tabIndex={-1}>
        {children}
      </div>
      <ShopFooter shop={shop} />
    </>
  );
}
