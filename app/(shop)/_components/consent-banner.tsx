import Link from 'next/link';
import styles from './consent-banner.module.css';

/** Why the shop asks, with its privacy policy: the banner's words and the cookie page's. */
export function ConsentWhy({ className }: { className?: string }) {
  return (
    <p className={className}>
      Com a sua permissão, usamos cookies do Meta e do Google para medir os nossos anúncios. Sem ela, nada disso é enviado.{' '}
      <Link href="/politicas/privacidade">Política de privacidade</Link>
    </p>
  );
}

/** The two answers, a plain form (POST /consentimento, back to `returnTo`): it works without JavaScript. */
export function ConsentForm({ returnTo, className }: { returnTo: string; className: string }) {
  return (
    <form method="post" action="/consentimento" className={className}>
      <input type="hidden" name="voltar" value={returnTo} />
      <button type="submit" name="resposta" value="aceitar" className="btn btn-primary">
        Aceitar cookies de marketing
      </button>
      <button type="submit" name="resposta" value="recusar" className="btn btn-secondary">
        Recusar
      </button>
    </form>
  );
}

/**
 * "Aceitar cookies de marketing" / "Recusar": shown on the shop's pages while a pixel is on and
 * the shopper has not answered. Rendered by the server in the page's flow above the header, so
 * nothing moves when it appears; a plain form (POST /consentimento), so it works without
 * JavaScript.
 */
export function ConsentBanner({ returnTo }: { returnTo: string }) {
  return (
    <section className={styles.banner} aria-labelledby="consentimento-titulo">
      <div className={`container ${styles.inner}`}>
        <h2 id="consentimento-titulo" className={styles.title}>
          Cookies de marketing
        </h2>
        <ConsentWhy className={styles.text} />
        <ConsentForm returnTo={returnTo} className={styles.actions} />
      </div>
    </section>
  );
}
