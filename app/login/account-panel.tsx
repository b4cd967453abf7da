import type { ReactNode } from 'react';
import styles from './login.module.css';

/** The frame of the sign-in pages (sign in, forgotten password, new password, invitation): brand, card, title. */
export function AccountPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="conteudo" className={styles.page}>
      <div className={styles.panel}>
        <p className={styles.brand} aria-hidden="true">
          Balcão
        </p>
        <div className="card">
          <h1 className={styles.title}>{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
