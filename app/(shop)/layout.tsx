import Link from 'next/link';
import { readCart } from '@/lib/cart/cart';
import styles from './shop.module.css';

export default async function ShopLayout({ children }: { children: React.ReactNode }) {
  const cart = await readCart();
  const count = cart.itemCount;
  return (
    <>
      <header className={styles.header}>
        <div className={`container ${styles.bar}`}>
          <Link href="/" className={styles.logo}>
            <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32" className={styles.logoMark}>
              <rect width="32" height="32" rx="8" fill="currentColor" />
              <path d="M7 13h18v3a9 9 0 0 1-18 0z" fill="#fff" />
              <rect x="5" y="24" width="22" height="2.5" rx="1.25" fill="#fff" />
            </svg>
            Balcão
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
      </header>
      <div id="conteudo" className={styles.main} tabIndex={-1}>
        {children}
      </div>
      <footer className={styles.footer}>
        <div className="container">
          <p className="small muted">
            Balcão · Cafés e utensílios · Pagamento por Pix ou boleto, com confirmação automática.
          </p>
          <p className="small">
            <Link href="/login">Área do lojista</Link>
          </p>
        </div>
      </footer>
    </>
  );
}
