import Link from 'next/link';
import styles from './sandbox.module.css';

/** A public demo's visitor: no one else's payments, no global controls — their own order's page instead. */
export function VisitorNotice({ error }: { error?: string }) {
  return (
    <main id="conteudo" className={`container stack ${styles.footer}`}>
      <header className={`stack ${styles.header}`}>
        <span className={styles.sandboxTag}>Sandbox</span>
        <h1>Simulador de pagamentos</h1>
      </header>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <section className="card stack">
        <p>
          Esta é uma loja de demonstração: nenhum dinheiro real circula. Para simular o pagamento do seu pedido, abra a página do pedido e
          use <strong>Simular pagamento</strong>.
        </p>
        <p className="muted">A lista de todas as cobranças, o relógio e os demais controles do sandbox são só para o lojista.</p>
        <p>
          <Link href="/login">Entrar como lojista</Link> · <Link href="/">Ir para a loja</Link>
        </p>
      </section>
    </main>
  );
}
